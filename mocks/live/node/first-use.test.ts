import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startMock, type Mock } from '../../../api/index.ts';
import { httpClient } from '../../../spec/http/client.ts';

// The live channels' packages load on their first use, not at start (attach-on-first-use.ts,
// ws-channel.ts): the first request of each kind, on a mock that has answered nothing yet, must
// wait for them and get its right answer.

const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.close()));
});

async function fresh(): Promise<Mock> {
  const mock = await startMock({ port: 0, blocks: 60, quiet: true });
  started.push(mock);
  return mock;
}

/** The first JSON-RPC answer of a websocket on `url` to `message`. */
function rpcAnswer(url: string, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => ws.send(message));
    ws.once('message', (data: Buffer) => (resolve(data.toString('utf8')), ws.close()));
    ws.once('error', reject);
  });
}

describe('the live channels on a mock’s first requests', () => {
  it('answers a socket.io handshake that is the mock’s very first request, as socket.io does', async () => {
    const mock = await fresh();
    const res = await httpClient(mock.url, { keepAlive: false }).get('/socket.io/?EIO=4&transport=polling');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^0\{"sid":"[^"]+","upgrades":\["websocket"\]/);
    expect((await httpClient(mock.url, { keepAlive: false }).get('/extended')).status).toBe(200);
  });

  it('refuses a socket.io handshake with an unknown topic, first thing, with the real service’s message', async () => {
    const mock = await fresh();
    const client = httpClient(mock.url, { keepAlive: false });
    const open = await client.get('/socket.io/?EIO=4&transport=polling&subscriptions=nonsense');
    const sid = /"sid":"([^"]+)"/.exec(open.text)?.[1];
    expect(sid).toBeDefined();
    // socket.io's middleware runs on the namespace's connect packet.
    await fetch(`${mock.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '40' });
    const refused = await client.get(`/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(refused.text).toContain('Invalid topic: nonsense');
  });

  it('answers a JSON-RPC subscription on a websocket that is the mock’s very first connection', async () => {
    const mock = await fresh();
    const answer = await rpcAnswer(
      `${mock.url.replace('http', 'ws')}/extended/v1/ws`,
      '{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"block"}}',
    );
    expect(JSON.parse(answer)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
