// Live updates under load: many JSON-RPC subscribers of `block` and `mempool` on one mock, a block
// a second and a broadcast every 100 ms. Each client's messages are compared with the sequence the
// server sent (a tap on the same announcements): lost, duplicated, out of order. One client stops
// reading and a tenth of them disconnect halfway: the others must not notice. Memory is sampled
// over the run. `--soak` runs ten minutes instead of one; `--clients N` changes the count.
import WebSocket from 'ws';
import type { Announcement } from '../mocks/live/announcement.ts';
import { startMockServer } from '../mocks/server.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings } from './lib/settings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';

const RESULTS = 'live-updates.md';
const BLOCK_MS = 1_000;
const BROADCAST_MS = 100;
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

/** What identifies a message: its topic and object (and a transaction's status). */
function keyOf(a: Announcement): string {
  if (a.kind === 'block') return `block ${a.block.height}`;
  if (a.kind === 'mempool') return `mempool ${a.tx.tx_id} ${a.tx.tx_status}`;
  return a.kind;
}

function keyOfNotification(text: string): string | undefined {
  const m = JSON.parse(text) as {
    method?: string;
    params?: { height?: number; tx_id?: string; tx_status?: string };
  };
  if (m.method === 'block') return `block ${m.params?.height}`;
  if (m.method === 'mempool') return `mempool ${m.params?.tx_id} ${m.params?.tx_status}`;
  return undefined;
}

/**
 * The sequence the server sends a subscriber of both topics, as ids of keys (a mined transaction's
 * mempool re-send repeats its pending key, as the server sends it twice), shared by every client.
 */
const sequence: number[] = [];
const ids = new Map<string, number>();

/**
 * One subscriber, checked as its messages arrive (nothing kept per message, so the clients do
 * not weigh on the heap measured): the next message must be the next of the sequence; one that is
 * not is counted lost (those skipped) or duplicated / out of order (one already passed).
 */
interface Client {
  ws: WebSocket;
  next: number;
  received: number;
  lost: number;
  misplaced: number;
}

function check(client: Client, key: string): void {
  client.received++;
  const id = ids.get(key);
  if (id !== undefined && sequence[client.next] === id) {
    client.next++;
    return;
  }
  const ahead = id === undefined ? -1 : sequence.indexOf(id, client.next);
  if (ahead < 0) {
    client.misplaced++;
    return;
  }
  client.lost += ahead - client.next;
  client.next = ahead + 1;
}

async function connect(url: string): Promise<Client> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/extended/v1/ws`);
  const client: Client = { ws, next: 0, received: 0, lost: 0, misplaced: 0 };
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let acks = 0;
  await new Promise<void>((subscribed) => {
    ws.on('message', (data) => {
      const text = String(data);
      const key = keyOfNotification(text);
      if (key) check(client, key);
      else if (++acks === 2) subscribed();
    });
    ws.send('{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"block"}}');
    ws.send('{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"event":"mempool"}}');
  });
  return client;
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
  // The sequence the server sends, as a subscriber of both topics would get it (the mempool's
  // re-sends of mined transactions included, which repeat a key: compared as a set per key).
  running.mock.updates.attach({
    wants: (topic) => topic === 'block' || topic === 'mempool',
    wantsPrefix: () => false,
    send: (a) => {
      const key = keyOf(a);
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      sequence.push(id);
    },
  });
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i += 50)
    clients.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, () => connect(running.url)))),
    );
  const stalled = await connect(running.url);
  (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const leaving = clients.splice(0, Math.floor(CLIENTS / 10));

  const { busiest: sender, unknown: recipient } = running.live.queries.catalogue().addresses;
  const heap: number[] = [heapMb()];
  const started = performance.now();
  const done = { blocks: 0, transfers: 0 };
  const mine = setInterval(() => {
    running.live.mine();
    done.blocks++;
  }, BLOCK_MS);
  const broadcast = setInterval(() => {
    running.live.submit({ type: 'token_transfer', sender, recipient, amount: 1, fee: 180 });
    done.transfers++;
  }, BROADCAST_MS);
  const sampler = setInterval(() => heap.push(heapMb()), 5_000);
  await new Promise((halfway) => setTimeout(halfway, (SECONDS * 1000) / 2));
  for (const c of leaving) c.ws.terminate();
  await new Promise((end) => setTimeout(end, (SECONDS * 1000) / 2));
  clearInterval(mine);
  clearInterval(broadcast);
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  // What was sent last is still on its way: wait until the clients stop receiving.
  let before = -1;
  for (let total = 0; total !== before; await new Promise((r) => setTimeout(r, 1_000))) {
    before = total;
    total = clients.reduce((n, c) => n + c.received, 0);
  }
  heap.push(heapMb());

  const totals = { lost: 0, misplaced: 0 };
  for (const c of clients) {
    // What never came at the end is lost too.
    totals.lost += c.lost + sequence.length - c.next;
    totals.misplaced += c.misplaced;
  }
  const third = Math.max(1, Math.floor(heap.length / 3));
  const early = heap.slice(0, third).reduce((a, b) => a + b, 0) / third;
  const late = heap.slice(-third).reduce((a, b) => a + b, 0) / third;
  const growth = (late - early) / early;
  for (const c of [...clients, stalled]) c.ws.terminate();
  await running.close();

  const missed = totals.lost + totals.misplaced > 0 || growth > FLAT_GROWTH;
  const row = (name: string, value: string, ceiling: string): string => `| ${name} | ${value} | ${ceiling} |`;
  endBenchReport(
    RESULTS,
    {
      title: 'Live updates under load',
      header: [
        machineLine(),
        load,
        `${CLIENTS} JSON-RPC clients subscribed to \`block\` and \`mempool\` on one in-process mock (testnet, 600 blocks), for ${elapsed.toFixed(0)} s${values.soak ? ' (--soak)' : ' (`--soak`: 10 minutes)'}: a block every ${BLOCK_MS} ms, a transfer submitted every ${BROADCAST_MS} ms. ${leaving.length} clients disconnect halfway; one stops reading from the start. The clients run in the same process as the mock.`,
        'The machine is shared with other jobs: figures are noisy, read them against the ceiling, not as absolutes.',
      ],
      table: [
        '| measure | value | ceiling |',
        '|---|---|---|',
        row(
          'blocks mined, transfers submitted',
          `${done.blocks}, ${done.transfers}`,
          `${SECONDS}, ${(SECONDS * 1000) / BROADCAST_MS} if the timers keep time`,
        ),
        row('messages sent per subscriber', String(sequence.length), ''),
        row('messages delivered', String(clients.reduce((n, c) => n + c.received, 0)), ''),
        row('lost (all clients that stayed)', String(totals.lost), '0'),
        row('duplicated or out of order', String(totals.misplaced), '0'),
        row(
          'the client that stopped reading got',
          `${stalled.received} of ${sequence.length}`,
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
        'The heap is the whole process: the mock, its growing chain (a block a second, ten transfers a second) and the clients.',
        "1,000 subscribers need more connections than the server's default cap (512, `SERVER_LIMITS.maxConnections`): the bench raises it.",
      ],
      verdict: missed
        ? 'Ceiling missed.'
        : 'Ceilings met: nothing lost, duplicated or out of order; memory flat.',
    },
    missed,
  );
}

void runBench(main, 'live-updates');
