import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationMatcher } from '../../spec/load.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { readerOver } from '../../testing/living-chain/chain-coherence.ts';
import { liveFuzzSettings } from '../../testing/fuzz/fuzz-settings.ts';
import { IncrementalOracle } from '../../testing/living-chain/incremental-oracle.ts';
import type { ChainModel, ChainUnderTest } from '../../testing/living-chain/chain-steps.ts';
import { chainCommands } from '../../testing/living-chain/living-chain-commands.ts';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';

const { runs: steps, seed, seedFrom } = liveFuzzSettings();
/** Steps in one sequence at most; each sequence starts from a reset. */
const MAX_COMMANDS = 30;
const SEQUENCES_PER_BATCH = 4;
/** A long run says how far it got now and then. */
const PROGRESS_EVERY = 500;
/** Every this many steps the oracle is also built from scratch and compared with the incremental one. */
const VERIFY_EVERY = 25;
const operationFor = operationMatcher();
console.log(
  `living-chain fuzz: seed ${seed} (${seedFrom}), ${steps} steps; replay: FUZZ_SEED=${seed} LIVE_FUZZ_STEPS=${steps} make fuzz`,
);

describe(`the living chain under random control calls and reads (seed ${seed})`, () => {
  const faults: string[] = [];
  const tally = new Map<string, number>();
  let executed = 0;
  let mock: Mock<ServerDoor>;
  let client: HttpClient;
  let real: ChainUnderTest;
  let start: { height: number; hash: string };

  beforeAll(async () => {
    mock = await startMockServer({
      port: 0,
      rateLimit: 0,
      blocks: 60,
      seed: seed % 1000,
      log: (line) => void (/internal error| 5\d\d /.test(line) && faults.push(line)),
    });
    client = httpClient(mock.url, { maxSockets: 1 });
    const read = readerOver(client, (path, res) => {
      const op = operationFor(new URL(path, 'http://mock').pathname);
      const problems = [...(res.status >= 500 ? [`a ${res.status}`] : []), ...problemsWithAnswer(op, res)];
      if (problems.length > 0) throw new Error(`GET ${path} → ${res.status}: ${problems.join('; ')}`);
    });
    real = {
      mock,
      read,
      post: async (path, body) => {
        const res = await client.post(path, body);
        if (res.status >= 500) throw new Error(`POST ${path} ${JSON.stringify(body)} → ${res.status}`);
        return { status: res.status, body: res.body as Awaited<ReturnType<ChainUnderTest['post']>>['body'] };
      },
      oracles: new IncrementalOracle(VERIFY_EVERY),
      tally: (label) => {
        if (++executed % PROGRESS_EVERY === 0) console.log(`living-chain fuzz: ${executed} steps`);
        tally.set(label, (tally.get(label) ?? 0) + 1);
      },
    };
    start = mock.live.tip();
  });

  afterAll(async () => {
    await client.close();
    await mock.close();
    const table = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, n]) => `  ${label.padEnd(72)} ${n}`);
    console.log(`living-chain fuzz: seed ${seed}, ${executed} steps\n${table.join('\n')}`);
  });

  it(
    'after every step (mine, submit valid and invalid, reorg, reset, reads of all eight operations) every coherence invariant holds, and no answer is a 5xx',
    async () => {
      // Batches of sequences until the steps are run, batch b drawing from seed + b. Every
      // sequence starts from a reset, so the same seed and steps replay the same run.
      for (let batch = 0; executed < steps; batch++)
        await fc.assert(
          fc.asyncProperty(fc.commands(chainCommands(), { maxCommands: MAX_COMMANDS }), async (commands) => {
            const reset = await real.post('/_mock/reset');
            expect(reset.body).toEqual(start);
            const model: ChainModel = { tip: { ...start }, start, network: 'mainnet', submitted: [] };
            await fc.asyncModelRun(() => ({ model, real }), commands);
          }),
          { seed: seed + batch, numRuns: SEQUENCES_PER_BATCH },
        );
      expect(faults).toEqual([]);
    },
    600_000 + steps * 2_000,
  );
});
