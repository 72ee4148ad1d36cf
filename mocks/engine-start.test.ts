import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { engineImages } from '../testing/worlds/engine-images.ts';
import { startMockServer, type ServerDoor } from './server.ts';
import type { Mock } from './mock-handle.ts';

// The Clarity engine starts on a thread of its own (mocks/clarity/node/): the mock's thread
// answers every other request while it boots and replays the world, and a contract read waits
// for it. Ordering only, never time: each answer is noted as it arrives, and so is the engine's
// readiness. One mock, one engine, a small world, replayed (no image from disk).
engineImages('off');
let mock: Mock<ServerDoor>;
let client: HttpClient;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, blocks: 60 });
  client = httpClient(mock.url, { maxSockets: 1 });
});
afterAll(async () => {
  await client.close();
  await mock.close();
});

describe('while the Clarity engine starts', () => {
  it('answers what needs no Clarity before the engine is ready, never asleep on it, then a contract read from it', async () => {
    const noted: string[] = [];
    // The engine's start and its replay of the world cross to its thread asynchronously: the
    // mock's thread never sleeps in Atomics.wait for an answer (each would hold every request).
    const sleeps = vi.spyOn(Atomics, 'wait');
    const ready = mock.live.queries.clarity.ready().then(() => {
      noted.push('engine ready');
      noted.push(`asleep ${sleeps.mock.calls.length} times`);
      sleeps.mockRestore();
    });
    // Ten in a row, each sent once the last was answered: each needs the mock's thread.
    for (let i = 0; i < 10; i++) {
      const answer = await client.get('/extended/v2/blocks?limit=1');
      expect(answer.status).toBe(200);
      noted.push(`answer ${i}`);
    }
    await ready;
    expect(noted).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `answer ${i}`),
      'engine ready',
      'asleep 0 times',
    ]);
    const token = mock.live.queries.catalogue().assets.ft[0]?.split('::')[0] ?? '';
    const [address, name] = token.split('.');
    const contract = await client.get(`/v2/contracts/interface/${address}/${name}`);
    expect(contract.status).toBe(200);
  }, 180_000);
});
