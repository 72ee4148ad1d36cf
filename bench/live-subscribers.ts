// The subscribers of bench/live-updates.ts, in a worker thread of their own: on a 2-core machine
// the mock's thread then spends its core on the mock alone, and what is measured is the mock's
// delivery, not a thousand clients parsing beside it. Each client records the keys it receives
// (as small ids); the order is checked at the end against the sequence the server sent.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { liveMessageKey } from './lib/live-message-key.ts';

/** What the bench's main thread sends the subscribers. */
export type ToSubscribers = { kind: 'leave' } | { kind: 'count' } | { kind: 'finish'; sequence: string[] };
/** What the subscribers answer. */
export type FromSubscribers =
  | { kind: 'ready'; leaving: number }
  | { kind: 'count'; received: number }
  | { kind: 'done'; lost: number; misplaced: number; stalledReceived: number };

interface Client {
  ws: WebSocket;
  received: Int32Array;
  count: number;
}

const { url, clients: CLIENTS } = workerData as { url: string; clients: number };
const ids = new Map<string, number>();

function keyOfNotification(text: string): string | undefined {
  const m = JSON.parse(text) as {
    method?: string;
    params?: { height?: number; tx_id?: string; tx_status?: string };
  };
  if (m.method === 'block') return liveMessageKey('block', m.params?.height ?? '');
  if (m.method === 'mempool') return liveMessageKey('mempool', m.params?.tx_id ?? '', m.params?.tx_status);
  return undefined;
}

function record(client: Client, key: string): void {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  if (client.count === client.received.length) {
    const grown = new Int32Array(client.received.length * 2);
    grown.set(client.received);
    client.received = grown;
  }
  client.received[client.count++] = id;
}

async function connect(): Promise<Client> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/extended/v1/ws`);
  const client: Client = { ws, received: new Int32Array(1024), count: 0 };
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let acks = 0;
  await new Promise<void>((subscribed) => {
    ws.on('message', (data) => {
      const key = keyOfNotification(String(data));
      if (key) record(client, key);
      else if (++acks === 2) subscribed();
    });
    ws.send('{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"block"}}');
    ws.send('{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"event":"mempool"}}');
  });
  return client;
}

/**
 * Lost: the sequence's messages a client never got; misplaced: one it got out of order or twice.
 * Walked as the messages came: the next one must be the next of the sequence.
 */
function tally(client: Client, sequence: readonly number[]): { lost: number; misplaced: number } {
  let next = 0;
  let lost = 0;
  let misplaced = 0;
  for (let i = 0; i < client.count; i++) {
    const id = client.received[i] as number;
    if (sequence[next] === id) {
      next++;
      continue;
    }
    const ahead = sequence.indexOf(id, next);
    if (ahead < 0) {
      misplaced++;
      continue;
    }
    lost += ahead - next;
    next = ahead + 1;
  }
  return { lost: lost + sequence.length - next, misplaced };
}

const port = parentPort;
if (!port) throw new Error('bench/live-subscribers.ts runs as a worker of bench/live-updates.ts');
const clients: Client[] = [];
for (let i = 0; i < CLIENTS; i += 50)
  clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, connect))));
const stalled = await connect();
(stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
const leaving = clients.splice(0, Math.floor(CLIENTS / 10));
port.postMessage({ kind: 'ready', leaving: leaving.length } satisfies FromSubscribers);

port.on('message', (message: ToSubscribers) => {
  if (message.kind === 'leave') for (const c of leaving) c.ws.terminate();
  else if (message.kind === 'count')
    port.postMessage({
      kind: 'count',
      received: clients.reduce((n, c) => n + c.count, 0),
    } satisfies FromSubscribers);
  else {
    const sequence = message.sequence.map((key) => ids.get(key) ?? -1);
    const totals = { lost: 0, misplaced: 0 };
    for (const c of clients) {
      const t = tally(c, sequence);
      totals.lost += t.lost;
      totals.misplaced += t.misplaced;
    }
    for (const c of [...clients, stalled]) c.ws.terminate();
    port.postMessage({ kind: 'done', ...totals, stalledReceived: stalled.count } satisfies FromSubscribers);
  }
});
