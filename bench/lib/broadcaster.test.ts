import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import { broadcastEvery } from './broadcaster.ts';

/** A node's broadcast route: takes a transaction whose first byte is even (its txid that byte), refuses an odd one. */
function node(seen: number[]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const first = Buffer.concat(chunks)[0] as number;
      seen.push(first);
      const taken = req.url === '/v2/transactions' && first % 2 === 0;
      res.writeHead(taken ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(taken ? `0x${first}` : { error: 'refused' }));
    });
  };
}

const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

describe('broadcastEvery: the one send loop of the broadcasting benches', () => {
  it('sends the queue in order until it is empty, counting what the mock took and refused, and telling each txid taken', async () => {
    const seen: number[] = [];
    const client = httpClient(node(seen));
    clients.push(client);
    const queue = [2, 3, 4, 5, 6].map((b) => Uint8Array.of(b));
    const taken: string[] = [];
    const sending = broadcastEvery(client, queue, 0, (txid) => taken.push(txid));
    for (let turns = 0; queue.length > 0 && turns < 1000; turns++)
      await new Promise((wait) => setTimeout(wait, 5));
    expect(await sending.stop()).toEqual({ sent: 5, taken: 3, refused: 2 });
    expect(seen).toEqual([2, 3, 4, 5, 6]);
    expect(taken).toEqual(['0x2', '0x4', '0x6']);
  });

  it('stops after the broadcast in flight, leaving the rest of the queue to the next loop, which goes on from there', async () => {
    const seen: number[] = [];
    const client = httpClient(node(seen));
    clients.push(client);
    const queue = [2, 4, 6, 8].map((b) => Uint8Array.of(b));
    const first = broadcastEvery(client, queue, 0);
    expect(await first.stop()).toEqual({ sent: 1, taken: 1, refused: 0 });
    expect(queue.map((b) => b[0])).toEqual([4, 6, 8]);
    const second = broadcastEvery(client, queue, 0);
    for (let turns = 0; queue.length > 0 && turns < 1000; turns++)
      await new Promise((wait) => setTimeout(wait, 5));
    expect(await second.stop()).toEqual({ sent: 3, taken: 3, refused: 0 });
    expect(seen).toEqual([2, 4, 6, 8]);
  });
});
