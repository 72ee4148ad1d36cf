import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { startMock } from '../../api/index.ts';
import { createMockApp } from '../app.ts';
import { startEngine } from '../clarity/load.ts';
import { ClarityUnavailable } from '../clarity/unavailable.ts';
import { WorldFileError } from '../world/declared/plan.ts';

// As a user's install without @stacks/clarinet-sdk: the engine cannot start.
vi.mock(import('../clarity/load.ts'), async (original) => ({
  ...(await original()),
  startEngine: vi.fn(() => Promise.reject(new ClarityUnavailable('Cannot find package'))),
}));

function world(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/worlds/${name}`, import.meta.url));
}

async function refusal(start: () => Promise<unknown>): Promise<readonly string[]> {
  const err = await start().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorldFileError);
  return (err as WorldFileError).problems;
}

describe("a world file's own contracts without the Clarity engine", () => {
  it('are refused with one line naming the package to install, on the first contract', async () => {
    const problems = await refusal(() =>
      startMock({ port: 0, quiet: true, world: world('own-contract.yaml') }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^line 11: contracts\[0\]: this needs the Clarity engine: install @stacks\/clarinet-sdk /,
      ),
    ]);
  });

  it('a world without contracts of its own starts no engine, and is served', async () => {
    vi.mocked(startEngine).mockClear();
    const mock = await startMock({ port: 0, quiet: true, world: world('wallet.yaml') });
    await mock.close();
    expect(startEngine).not.toHaveBeenCalled();
  });

  it('a door that cannot wait for the engine (createMockApp, the MSW handlers) refuses the file, naming the doors that can', async () => {
    const problems = await refusal(async () =>
      createMockApp({ quiet: true, world: world('own-contract.yaml') }),
    );
    expect(problems).toEqual([
      "line 11: contracts[0]: a world file's own contracts run in the Clarity engine as the mock starts, which this door cannot wait for: serve the file with stacks-api-mock --world or startMock",
    ]);
  });
});
