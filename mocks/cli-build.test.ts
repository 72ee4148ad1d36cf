import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedInputs, inputsOf } from './clarity/node/kept-bundle.ts';
import { bundledCli, cliFromSources } from './cli-build.ts';

const META_URL = ['import', 'meta', 'url'].join('.');

describe("the mock's command line, run from the sources", () => {
  it('starts from a bundle made of the files as they are now, each listed with its digest (a failed bundle falls back to tsx unseen)', async () => {
    const bundle = await bundledCli();
    expect(bundle, 'esbuild made no bundle of bin/cli.ts').toBeInstanceOf(URL);
    const inputs = inputsOf(fileURLToPath(bundle as URL)) ?? {};
    expect(Object.keys(inputs)).toEqual(
      expect.arrayContaining(['bin/cli.ts', 'mocks/cli.ts', 'mocks/clarity/node/kept-bundle.ts']),
    );
    expect(changedInputs(inputs)).toEqual([]);
    // The engine is the user's (GPL-3.0): imported at run time by the name the mock sends, never bundled.
    expect(Object.keys(inputs).filter((path) => path.includes('clarinet-sdk'))).toEqual([]);
    expect(await cliFromSources()).toEqual(['node_modules/.cache/stacks-api-mock/cli/cli.mjs']);
  });

  it("gives each of the project's modules its own file's URL, so each finds the files beside it in the repository", async () => {
    const text = readFileSync(fileURLToPath((await bundledCli()) as URL), 'utf8');
    // The one left is the banner's, which gives the bundle's CommonJS dependencies a require().
    expect(text.split(META_URL)).toHaveLength(2);
    // spec/load.ts finds spec/openapi.yaml beside itself.
    expect(text).toContain(JSON.stringify(new URL('../spec/load.ts', import.meta.url).href));
  });
});
