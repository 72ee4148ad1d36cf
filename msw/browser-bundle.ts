import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { parse } from 'yaml';

const BROWSER_ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));
const ENGINE_BRIDGE = fileURLToPath(new URL('../mocks/clarity/node/engine-bridge.ts', import.meta.url));
const IMAGE_FILES = fileURLToPath(new URL('../mocks/clarity/node/image-files.ts', import.meta.url));
const NO_ENGINE_THREAD = fileURLToPath(new URL('../mocks/clarity/no-engine-thread.ts', import.meta.url));

/** spec/openapi.yaml as the parsed document, read when bundling: the browser reads no file. */
const specAsData: Plugin = {
  name: 'spec-as-data',
  setup(build) {
    build.onLoad({ filter: /openapi\.yaml$/ }, (args) => ({
      contents: JSON.stringify(parse(readFileSync(args.path, 'utf8'))),
      loader: 'json',
    }));
  },
};

/**
 * The Clarity engine's thread (Node's worker_threads) and its images' files as a page has them:
 * none (mocks/clarity/no-engine-thread.ts).
 */
const noEngineThread: Plugin = {
  name: 'no-engine-thread',
  setup(build) {
    build.onResolve({ filter: /(engine-bridge|image-files)\.ts$/ }, (args) =>
      [ENGINE_BRIDGE, IMAGE_FILES].includes(resolve(args.resolveDir, args.path))
        ? { path: NO_ENGINE_THREAD }
        : undefined,
    );
  },
};

/**
 * The browser entry of `stacks-api-mock/msw` (msw/browser.ts) as one ES module, with the spec
 * inside it and `msw` left to the app's own copy (the handlers must be made by the msw that runs
 * the worker). `npm run build` writes it to dist/msw/browser.js; the browser test bundles it too.
 * The esbuild and yaml imports happen at build time only.
 */
export async function buildBrowserEntry(entry: string = BROWSER_ENTRY, bundleMsw = false): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    minify: true,
    plugins: [specAsData, noEngineThread],
    ...(bundleMsw ? {} : { external: ['msw', 'msw/*'] }),
  });
  return result.outputFiles[0]?.text ?? '';
}
