import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` writes the page's script (scripts/build.ts), beside this file in dist/. */
export const BUILT_BUNDLE = fileURLToPath(new URL('./page.js', import.meta.url));
const CLIENT_ENTRY = fileURLToPath(new URL('./client/main.ts', import.meta.url));

let bundle: Promise<string> | undefined;

/**
 * The page's script: the one built into the package, or, run from the sources, the same bundle
 * made by esbuild (a development dependency) on first use. A failed build is tried again next time.
 */
export function clientBundle(): Promise<string> {
  bundle ??= existsSync(BUILT_BUNDLE) ? Promise.resolve(readFileSync(BUILT_BUNDLE, 'utf8')) : buildBundle();
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

/** The client (mocks/ui/client/) as one ES module. */
export async function buildBundle(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [CLIENT_ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}
