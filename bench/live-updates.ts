// Live updates under load: many JSON-RPC subscribers of `block` and `mempool` on one mock, a block
// a second and a broadcast every 100 ms. Each client's messages are compared with the sequence the
// server sent (a tap on the same announcements): lost, duplicated, out of order. One client stops
// reading and a tenth of them disconnect halfway: the others must not notice. Memory is sampled
// over the run. The clients run in a worker thread (bench/live-subscribers.ts). The load must be
// the one asked for: timers that fell behind miss a ceiling too. `--soak` runs ten minutes instead
// of one; `--clients N` changes the count.
import { Worker } from 'node:worker_threads';
import type { FromSubscribers, ToSubscribers } from './live-subscribers.ts';
import type { Announcement } from '../mocks/live/announcement.ts';
import { startMockServer } from '../mocks/server.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings } from './lib/settings.ts';
import { liveMessageKey } from './lib/live-message-key.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';

const RESULTS = 'live-updates.md';
const BLOCK_MS = 1_000;
const BROADCAST_MS = 100;
/** The share of the blocks and broadcasts asked for that the timers must reach. */
const LOAD_KEPT = 0.95;
/** Heap growth between the run's first and last third that still reads as flat. */
const FLAT_GROWTH = 0.2;

const values = benchSettings(
  defineCommand({
    name: 'live-updates',
    usage: 'node --expose-gc --import tsx bench/live-updates.ts [flags]',
    about: [
      'Many JSON-RPC subscribers of one mock, a block a second: lost, duplicated or late messages, and memory.',
    ],
    options: {
      soak: { type: 'boolean', description: 'run ten minutes instead of one' },
      clients: { type: 'integer', min: 1, default: 1000, description: 'subscribers' },
    },
  }),
);
const SECONDS = values.soak ? 600 : 60;
const CLIENTS = values.clients;

/** An announcement's key, as the subscribers key what they receive. */
function keyOf(a: Announcement): string {
  if (a.kind === 'block') return liveMessageKey('block', a.block.height);
  if (a.kind === 'mempool') return liveMessageKey('mempool', a.tx.tx_id, a.tx.tx_status);
  return a.kind;
}

/** The subscribers' worker, and its answers as promises. */
function startSubscribers(url: string): {
  ask<K extends FromSubscribers['kind']>(
    message: ToSubscribers | undefined,
    kind: K,
  ): Promise<Extract<FromSubscribers, { kind: K }>>;
  worker: Worker;
} {
  // A worker inherits no module hooks from the thread that starts it: it registers tsx's itself,
  // then loads the subscribers' TypeScript.
  const entry = new URL('./live-subscribers.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: { url, clients: CLIENTS } },
  );
  return {
    worker,
    ask: (message, kind) =>
      new Promise((resolve, reject) => {
        const onMessage = (m: FromSubscribers): void => {
          if (m.kind !== kind) return;
          worker.off('message', onMessage);
          worker.off('error', reject);
          resolve(m as Extract<FromSubscribers, { kind: typeof kind }>);
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        if (message) worker.postMessage(message);
      }),
  };
}

function heapMb(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main(): Promise<void> {
  const load = loadLine();
  const running = await startMockServer(
    { port: 0, network: 'testnet', blocks: 600, quiet: true },
    { maxConnections: CLIENTS + 100 },
  );
  // The sequence the server sends, as a subscriber of both topics gets it (the mempool's re-send
  // of a mined transaction repeats its pending key, as the server sends it twice).
  const sequence: string[] = [];
  running.kernel.updates.attach({
    wants: (topic) => topic === 'block' || topic === 'mempool',
    wantsPrefix: () => false,
    send: (a) => void sequence.push(keyOf(a)),
  });
  const subscribers = startSubscribers(running.url);
  const { leaving } = await subscribers.ask(undefined, 'ready');

  const { busiest: sender, unknown: recipient } = running.live.queries.catalogue().addresses;
  const heap: number[] = [heapMb()];
  const started = performance.now();
  const done = { blocks: 0, transfers: 0 };
  // Paced on the clock, not on ticks: a tick the event loop delayed (a block announced to every
  // client) is made up at the next, so the load is the one asked for.
  const paced = (periodMs: number, step: () => void, count: () => number): NodeJS.Timeout =>
    setInterval(() => {
      while (count() < Math.floor((performance.now() - started) / periodMs)) step();
    }, periodMs);
  const mine = paced(
    BLOCK_MS,
    () => {
      running.live.mine();
      done.blocks++;
    },
    () => done.blocks,
  );
  const broadcast = paced(
    BROADCAST_MS,
    () => {
      running.live.submit({ type: 'token_transfer', sender, recipient, amount: 1, fee: 180 });
      done.transfers++;
    },
    () => done.transfers,
  );
  const sampler = setInterval(() => heap.push(heapMb()), 5_000);
  await new Promise((halfway) => setTimeout(halfway, (SECONDS * 1000) / 2));
  subscribers.worker.postMessage({ kind: 'leave' } satisfies ToSubscribers);
  await new Promise((end) => setTimeout(end, (SECONDS * 1000) / 2));
  clearInterval(mine);
  clearInterval(broadcast);
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  // What was sent last is still on its way: wait until the clients stop receiving.
  let delivered = -1;
  for (let before = -2; delivered !== before; await new Promise((r) => setTimeout(r, 1_000))) {
    before = delivered;
    delivered = (await subscribers.ask({ kind: 'count' }, 'count')).received;
  }
  heap.push(heapMb());
  const totals = await subscribers.ask({ kind: 'finish', sequence }, 'done');
  await subscribers.worker.terminate();

  const third = Math.max(1, Math.floor(heap.length / 3));
  const early = heap.slice(0, third).reduce((a, b) => a + b, 0) / third;
  const late = heap.slice(-third).reduce((a, b) => a + b, 0) / third;
  const growth = (late - early) / early;
  await running.close();

  const asked = { blocks: (SECONDS * 1000) / BLOCK_MS, transfers: (SECONDS * 1000) / BROADCAST_MS };
  const loadKept = done.blocks >= asked.blocks * LOAD_KEPT && done.transfers >= asked.transfers * LOAD_KEPT;
  const missed = totals.lost + totals.misplaced > 0 || growth > FLAT_GROWTH || !loadKept;
  const row = (name: string, value: string, ceiling: string): string => `| ${name} | ${value} | ${ceiling} |`;
  endBenchReport(
    RESULTS,
    {
      title: 'Live updates under load',
      header: [
        machineLine(),
        load,
        `${CLIENTS} JSON-RPC clients subscribed to \`block\` and \`mempool\` on one in-process mock (testnet, 600 blocks), for ${elapsed.toFixed(0)} s${values.soak ? ' (--soak)' : ' (`--soak`: 10 minutes)'}: a block every ${BLOCK_MS} ms, a transfer submitted every ${BROADCAST_MS} ms. ${leaving} clients disconnect halfway; one stops reading from the start. The clients run in a worker thread of the same process, so the mock's thread spends its core on the mock.`,
        'The machine is shared with other jobs: figures are noisy, read them against the ceiling, not as absolutes.',
      ],
      table: [
        '| measure | value | ceiling |',
        '|---|---|---|',
        row(
          'blocks mined, transfers submitted',
          `${done.blocks}, ${done.transfers}`,
          `at least ${LOAD_KEPT * 100}% of ${asked.blocks}, ${asked.transfers}`,
        ),
        row('messages sent per subscriber', String(sequence.length), ''),
        row('messages delivered', String(delivered), ''),
        row('lost (all clients that stayed)', String(totals.lost), '0'),
        row('duplicated or out of order', String(totals.misplaced), '0'),
        row(
          'the client that stopped reading got',
          `${totals.stalledReceived} of ${sequence.length}`,
          'others unaffected',
        ),
        row(
          'heap, first third → last third of the run',
          `${early.toFixed(1)} → ${late.toFixed(1)} MB (${(growth * 100).toFixed(0)}%)`,
          `< ${FLAT_GROWTH * 100}%`,
        ),
      ].join('\n'),
      notes: [
        'Each client is checked as its messages arrive against the sequence the server sent (a tap on the same announcements). A transaction mined from the mempool is sent on `mempool` again, as it was pending (the real service does so): that repeat is in the sequence, not a duplicate.',
        "The heap is the mock's thread: the mock and its growing chain (a block a second, ten transfers a second); the clients' thread has a heap of its own.",
        "1,000 subscribers need more connections than the server's default cap (512, `SERVER_LIMITS.maxConnections`): the bench raises it.",
      ],
      verdict: missed
        ? 'Ceiling missed.'
        : 'Ceilings met: the load kept; nothing lost, duplicated or out of order; memory flat.',
    },
    missed,
  );
}

void runBench(main, 'live-updates');
