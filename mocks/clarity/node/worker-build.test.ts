import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedInputs, inputsOf } from './kept-bundle.ts';
import { bundledWorker } from './worker-build.ts';

describe("the engine's thread, run from the sources", () => {
  it('starts from a bundle made of the files as they are now, each listed with its digest (a failed bundle falls back to tsx unseen)', async () => {
    const bundle = await bundledWorker();
    expect(bundle, 'esbuild made no bundle of engine-worker.ts').toBeInstanceOf(URL);
    const inputs = inputsOf(fileURLToPath(bundle as URL)) ?? {};
    expect(Object.keys(inputs)).toContain('mocks/clarity/node/engine-worker.ts');
    expect(changedInputs(inputs)).toEqual([]);
    // The engine is the user's (GPL-3.0): imported at run time by the name the mock sends, never bundled.
    expect(Object.keys(inputs).filter((path) => path.includes('clarinet-sdk'))).toEqual([]);
  });
});
