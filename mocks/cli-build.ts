// Run from the sources (the tests' and the benches' command lines, `make mock`), the mock's command
// line starts from bin/cli.ts bundled by esbuild (clarity/node/kept-bundle.ts): through tsx, a
// fresh process spent 2 to 3 s of CPU importing the mock's modules, most of it in Node 20's loader
// hooks (each of about 500 modules resolved and loaded by a round trip to tsx's hooks thread).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keptBundle } from './clarity/node/kept-bundle.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = keptBundle({
  entry: 'bin/cli.ts',
  // As scripts/bundle.ts leaves them out: esbuild runs a binary of its own (the page's script and
  // the engine's thread are bundled on first use), the engine is the user's (GPL-3.0), imported by
  // a name esbuild does not follow, and msw and vitest are never reached from here.
  external: [
    'esbuild',
    '@stacks/clarinet-sdk',
    '@stacks/clarinet-sdk-wasm',
    'msw',
    'msw/*',
    'vitest',
    'vitest/*',
  ],
});

/** bin/cli.ts's bundle, made on first use when none is kept or one of its inputs changed; undefined when it cannot be made. */
export function bundledCli(): Promise<URL | undefined> {
  return cli();
}

/**
 * What follows `node` to start the mock's command line from the sources, run from the
 * repository's root: its bundle, or bin/cli.ts through tsx's loader when the bundle cannot be made.
 */
export async function cliFromSources(): Promise<string[]> {
  const bundle = await bundledCli();
  return bundle ? [relative(ROOT, fileURLToPath(bundle))] : ['--import', 'tsx', 'bin/cli.ts'];
}
