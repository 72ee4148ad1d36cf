/**
 * One measurement of bench/world-scaling.ts, in a fresh process so neither the JIT nor the heap
 * carries over from another: `world <blocks>` builds a world alone, `server <blocks>` starts the
 * whole mock and fetches /extended. Prints one JSON line. Needs `node --expose-gc`.
 */
import { httpClient } from '../spec/http/client.ts';
import { startMockServer } from '../mocks/server.ts';
import { createWorldQueries } from '../mocks/query/world-queries.ts';
import type { MemoryAfterGc, ServerRun, WorldRun } from './lib/world-runs.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { benchSettings } from './lib/settings.ts';

function memoryAfterGc(): MemoryAfterGc {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  // Twice: the first pass can leave objects that only the second finds unreachable.
  gc();
  gc();
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 2 ** 20);
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) };
}

async function measureWorld(blocks: number): Promise<WorldRun> {
  const started = performance.now();
  const world = createWorldQueries({ blocks });
  const createWorldMs = performance.now() - started;
  const memory = memoryAfterGc();
  // The anchored blocks' transactions: what their tx_counts add up to.
  return { mode: 'world', blocks, transactions: world.chain.anchoredCount, createWorldMs, memory };
}

async function measureServer(blocks: number): Promise<ServerRun> {
  const started = performance.now();
  const mock = await startMockServer({ port: 0, blocks, quiet: true });
  try {
    // What `stacks-api-mock` does before its first answer: its banner names addresses from the catalogue.
    mock.live.queries.catalogue();
    const res = await httpClient(mock.url, { keepAlive: false, timeoutMs: 60_000 }).get('/extended');
    if (res.status !== 200) throw new Error(`/extended answered ${res.status}`);
    // performance.now() counts from the process's start.
    const answered = performance.now();
    return {
      mode: 'server',
      blocks,
      startToFirstResponseMs: answered - started,
      processToFirstResponseMs: answered,
      memory: memoryAfterGc(),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await mock.close();
  }
}

async function main(): Promise<void> {
  const { mode, blocks } = benchSettings(
    defineCommand({
      name: 'world-scaling-child',
      usage: 'node --expose-gc --import tsx bench/world-scaling-child.ts --mode world|server --blocks N',
      options: {
        mode: {
          type: 'string',
          choices: ['world', 'server'],
          required: true,
          description: 'world: build a world alone; server: start the whole mock and fetch /extended',
        },
        blocks: { type: 'integer', required: true, description: 'the world size' },
      },
    }),
  );
  const run = mode === 'world' ? await measureWorld(blocks) : await measureServer(blocks);
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
