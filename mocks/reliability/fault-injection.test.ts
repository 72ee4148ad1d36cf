import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOperations, operationById, urlFor } from '../../spec/load.ts';
import { parseCli } from '../cli-args.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { sampleUrls } from '../sample-urls.ts';
import { handlers } from '../operations/handlers.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';

const REQUESTS = 2_000;
const CONCURRENCY = 16;

let running: Mock<ServerDoor>[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.map((m) => m.close()));
  running = [];
});

/** A mock configured the way a user does it: flags and environment, through the CLI parser. */
async function mockFromCli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Mock<ServerDoor>> {
  // `--clarity lazy`: a warming CLI mock sets a timer for the engine, which the faked clock below would count.
  const options = parseCli(
    [...argv, '--port', '0', '--quiet', '--rate-limit', '0', '--blocks', '60', '--clarity', 'lazy'],
    env,
  );
  if (options === 'help') throw new Error('unexpected help');
  const m = await startMockServer(options);
  running.push(m);
  return m;
}

/** `count` requests round-robin over every operation, `concurrency` at a time, in order of issue. */
async function drive(
  m: Mock<ServerDoor>,
  count: number,
  concurrency: number,
): Promise<{ operationId: string; res: HttpResponse }[]> {
  const urls = Object.entries(sampleUrls(m.live.queries, urlFor));
  const client = httpClient(m.url, { maxSockets: concurrency });
  const out: { operationId: string; res: HttpResponse }[] = new Array(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const [operationId, url] = urls[i % urls.length] as [string, string];
      out[i] = { operationId, res: await client.get(url) };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await client.close();
  return out;
}

describe('--fault-rate', () => {
  it.each([
    [0.05, 11],
    [0.25, 12],
    [0.5, 13],
  ])(
    'injects 500s at %f (seed %i) within four standard deviations, on every operation',
    async (rate, seed) => {
      const answers = await drive(
        await mockFromCli(['--fault-rate', String(rate), '--seed', String(seed)]),
        REQUESTS,
        CONCURRENCY,
      );
      const faults = answers.filter((a) => a.res.status === 500);
      const tolerance = 4 * Math.sqrt((rate * (1 - rate)) / REQUESTS);
      expect(Math.abs(faults.length / REQUESTS - rate)).toBeLessThanOrEqual(tolerance);
      expect(answers.every((a) => a.res.status === 200 || a.res.status === 500)).toBe(true);
      for (const { operationId, res } of answers.slice(0, 64))
        expect(problemsWithAnswer(operationById(operationId), res)).toEqual([]);
      // Every operation faults, once it was sent often enough that never faulting would be a
      // one-in-a-thousand chance: at 5% that takes 135 requests, more than an operation gets here.
      const sent = new Map<string, number>();
      for (const a of answers) sent.set(a.operationId, (sent.get(a.operationId) ?? 0) + 1);
      const faulted = new Set(faults.map((a) => a.operationId));
      // Every GET the samples hold: all but those that wait for the Clarity engine and those the
      // default world has nothing for (a trait).
      const gets = listOperations().filter(
        (op) => op.method === 'get' && !handlers[op.operationId]?.waitsForEngine,
      );
      expect(sent.size).toBeGreaterThanOrEqual(gets.length - 1);
      const due = [...sent].filter(([, n]) => (1 - rate) ** n < 1e-3).map(([id]) => id);
      expect(due.filter((id) => !faulted.has(id))).toEqual([]);
    },
  );

  it('injects none at 0 and only faults at 1, set from the environment', async () => {
    const none = await drive(await mockFromCli([], { MOCK_FAULT_RATE: '0' }), 200, CONCURRENCY);
    const all = await drive(await mockFromCli([], { MOCK_FAULT_RATE: '1' }), 200, CONCURRENCY);
    expect(none.filter((a) => a.res.status !== 200)).toEqual([]);
    expect(all.filter((a) => a.res.status !== 500)).toEqual([]);
  });

  it('repeats with the seed: the same count under concurrency, the same sequence one at a time; another seed differs', async () => {
    const count = async (seed: number): Promise<number> =>
      (
        await drive(await mockFromCli(['--fault-rate', '0.3', '--seed', String(seed)]), 600, CONCURRENCY)
      ).filter((a) => a.res.status === 500).length;
    expect(await count(21)).toBe(await count(21));
    const sequence = async (seed: number): Promise<number[]> =>
      (await drive(await mockFromCli(['--fault-rate', '0.3', '--seed', String(seed)]), 200, 1)).map(
        (a) => a.res.status,
      );
    const [a, b, other] = [await sequence(22), await sequence(22), await sequence(23)];
    expect(a).toEqual(b);
    expect(other).not.toEqual(a);
  });
});

describe('--latency and Prefer: delay, on a clock the test drives', () => {
  /** Lets sockets and the event loop run without moving the faked clock. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };

  /** Sends one request and moves the clock: no answer one millisecond early, the answer on time. */
  async function expectDelayedBy(
    m: Mock<ServerDoor>,
    path: string,
    headers: Record<string, string>,
    ms: number,
  ): Promise<HttpResponse> {
    const client = httpClient(m.url);
    let answered = false;
    const pending = client.get(path, headers).then((res) => ((answered = true), res));
    // Until the mock has received the request and set its timer (or answered at once, which fails below).
    while (vi.getTimerCount() === 0 && !answered) await settle();
    await vi.advanceTimersByTimeAsync(ms - 1);
    await settle();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await pending;
    await client.close();
    return res;
  }

  it('holds every answer, success or error, for exactly --latency, and adds Prefer: delay to it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = await mockFromCli(['--latency', '250']);
    expect((await expectDelayedBy(m, '/extended', {}, 250)).status).toBe(200);
    expect((await expectDelayedBy(m, '/extended/v2/blocks/foo', {}, 250)).status).toBe(400);
    expect((await expectDelayedBy(m, '/extended', { Prefer: 'delay=100' }, 350)).status).toBe(200);
    expect((await expectDelayedBy(m, '/extended', { Prefer: 'code=503, delay=40' }, 290)).status).toBe(503);
  });

  it('delays injected faults too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = await mockFromCli(['--latency', '80', '--fault-rate', '1']);
    expect((await expectDelayedBy(m, '/extended', {}, 80)).status).toBe(500);
  });
});
