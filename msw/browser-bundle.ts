import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { parse } from 'yaml';

const BROWSER_ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));
/** The Node-only files of the mock (node/ folders), each with what a page holds in its place. */
const BROWSER_STAND_INS = new Map(
  [
    ['../mocks/clarity/node/engine-bridge.ts', '../mocks/clarity/no-engine-thread.ts'],
    ['../mocks/clarity/node/image-files.ts', '../mocks/clarity/no-engine-thread.ts'],
    ['../mocks/http/node/body-digest.ts', '../mocks/http/body-digest.ts'],
    ['../mocks/world/wire/node/tx-hash.ts', '../mocks/world/wire/tx-hash.ts'],
  ].map(([node, page]) => [
    fileURLToPath(new URL(node as string, import.meta.url)),
    fileURLToPath(new URL(page as string, import.meta.url)),
  ]),
);

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
 * The page's stand-ins for the mock's Node-only files: no Clarity engine's thread (Node's
 * worker_threads) nor its images' files (mocks/clarity/no-engine-thread.ts), and a body digest
 * and a transaction's hash without node:crypto (mocks/http/body-digest.ts, mocks/world/wire/tx-hash.ts).
 */
const browserStandIns: Plugin = {
  name: 'browser-stand-ins',
  setup(build) {
    build.onResolve({ filter: /\/node\/[\w-]+\.ts$/ }, (args) => {
      const page = BROWSER_STAND_INS.get(resolve(args.resolveDir, args.path));
      return page ? { path: page } : undefined;
    });
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
    plugins: [specAsData, browserStandIns],
    ...(bundleMsw ? {} : { external: ['msw', 'msw/*'] }),
  });
  return result.outputFiles[0]?.text ?? '';
}
