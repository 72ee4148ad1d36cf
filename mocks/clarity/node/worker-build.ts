// Run from the sources (`make mock`, the tests, the benches), the engine's thread starts from its
// file bundled by esbuild (kept-bundle.ts): through tsx's hooks, each of the worker's modules
// (stacks.js is about a hundred) was resolved and loaded by a round trip to the hooks' own thread,
// and the thread's start to its package's import took about 0.3 s more CPU (0.9 s where the
// bundle took 0.6, measured back to back at load 18).
import { keptBundle } from './kept-bundle.ts';

const worker = keptBundle({
  entry: 'mocks/clarity/node/engine-worker.ts',
  // The engine is the user's (GPL-3.0), imported by a name esbuild does not follow; listed as
  // scripts/bundle.ts lists it.
  external: ['@stacks/clarinet-sdk', '@stacks/clarinet-sdk-wasm'],
});

/** The worker's bundle, made on first use when none is kept or one of its inputs changed; undefined when it cannot be made. */
export function bundledWorker(): Promise<URL | undefined> {
  return worker();
}
