import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { banner } from '../banner.ts';
import { parseCli } from '../cli-args.ts';
import type { MockOptions } from '../options.ts';
import { SERVER_LIMITS, startMockServer, type ServerDoor, type ServerLimits } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { leaksIn } from '../../testing/http/leaks.ts';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { rawExchange } from '../../testing/fuzz/raw-exchange.ts';
import { tempDir } from '../../testing/temp-dir.ts';

const SECRET = 'sk-live-secret-key-must-not-leak-0001';
const WRONG = 'sk-wrong-key-must-not-leak-either-0002';
const SECRETS = [SECRET, WRONG];
/** What a thrown error may carry that a client or a log reader must never see. */
const INTERNALS = '/work/main/mocks/world/secret-layout.ts';
const STACKY = `boom reading ${INTERNALS}\n    at Object.<anonymous> (${INTERNALS}:12:5)\n    at node:internal/main:1:1`;
const ADDRESS = 'SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20';
const BAD_CHECKSUM = `${ADDRESS.slice(0, -1)}1`;

const started: Mock<ServerDoor>[] = [];
const logs: string[] = [];
afterAll(async () => {
  for (const m of started) m.server.closeAllConnections();
  await Promise.all(started.map((m) => m.close()));
});

async function mock(
  options: Partial<MockOptions>,
  sabotage?: (queries: WorldQueries) => void,
  limits: Partial<ServerLimits> = {},
): Promise<Mock<ServerDoor>> {
  const m = await startMockServer(
    { port: 0, blocks: 60, rateLimit: 0, apiKeys: [SECRET], log: (line) => logs.push(line), ...options },
    { headersTimeoutMs: 300, requestTimeoutMs: 600, connectionsCheckingIntervalMs: 50, ...limits },
  );
  sabotage?.(m.live.queries);
  started.push(m);
  return m;
}

/** A transaction list request: the handler asks `findListedTx` first. */
const TX_LIST = `/extended/v1/tx/multiple?tx_id=0x${'ab'.repeat(32)}`;

function throwing(value: unknown): () => never {
  return () => {
    throw value;
  };
}

type Case = [what: string, status: number, answer: () => Promise<HttpResponse>];

async function get(
  m: Mock<ServerDoor>,
  path: string,
  headers: Record<string, string> = { 'X-API-Key': SECRET },
): Promise<HttpResponse> {
  const client = httpClient(m.url);
  try {
    return await client.get(path, headers);
  } finally {
    await client.close();
  }
}

async function raw(m: Mock<ServerDoor>, bytes: string): Promise<HttpResponse> {
  const { responses } = await rawExchange(m.url, (s) => s.write(bytes), { until: (r) => r.length > 0 });
  return responses[0] as HttpResponse;
}

function withKey(line: string): string {
  return `${line}\r\nHost: mock\r\nX-API-Key: ${SECRET}\r\n`;
}

describe('error answers and logs leak no key, stack trace or file path', async () => {
  const open = await mock({});
  // Header limit under the URL limit: a long URL is refused by Node, in one TCP segment.
  const smallHeaders = await mock({}, undefined, { maxHeaderSize: 4_096 });
  const strict = await mock({ requireApiKey: true });
  const limited = await mock({ rateLimit: 1, rateLimitKey: 1, now: () => 0 });
  const faulty = await mock({ faultRate: 1 });
  const broken = await mock({}, (w) => {
    w.findListedTx = throwing(new Error(STACKY));
    w.blockHeight = throwing(`a string thrown from ${INTERNALS}`);
    w.mempoolSamples = throwing(Object.assign(Object.create(null) as object, { stack: STACKY }));
  });
  const slowBroken = await mock({ latencyMs: 5 }, (w) => {
    w.findListedTx = throwing(new TypeError(STACKY));
  });

  const cases: Case[] = [
    ['a parameter of the wrong shape', 400, () => get(open, '/extended/v2/blocks/foo')],
    ['a bad address checksum', 400, () => get(open, `/extended/v1/address/${BAD_CHECKSUM}/balances`)],
    [
      'conflicting parameters',
      400,
      () => get(open, `/extended/v1/address/${ADDRESS}/balances?unanchored=true&until_block=5`),
    ],
    ['a malformed percent-escape', 400, () => get(open, '/extended/v2/blocks/%E0%A4%A')],
    ['a missing key where one is required', 401, () => get(strict, '/extended', {})],
    ['an unknown key', 403, () => get(open, '/extended', { 'X-API-Key': WRONG })],
    ['an unknown block', 404, () => get(open, '/extended/v2/blocks/99999999')],
    ['an unknown path', 404, () => get(open, '/extended/v9/nothing')],
    ['a POST', 405, () => raw(open, `${withKey('POST /extended HTTP/1.1')}Content-Length: 0\r\n\r\n`)],
    ['a URL over the limit', 414, () => get(open, `/extended?x=${'a'.repeat(9_000)}`)],
    [
      'a URL past the header limit',
      414,
      () => raw(smallHeaders, `${withKey(`GET /extended?x=${'a'.repeat(6_000)} HTTP/1.1`)}\r\n`),
    ],
    [
      'over-large headers',
      431,
      () => raw(open, `${withKey('GET /extended HTTP/1.1')}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
    ],
    ['a malformed request', 400, () => raw(open, `${withKey('GARBAGE / HTTP/1.1')}\r\n`)],
    ['a client too slow to send its headers', 408, () => raw(open, withKey('GET /extended HTTP/1.1'))],
    ['an unknown Expect', 417, () => raw(open, `${withKey('GET /extended HTTP/1.1')}Expect: teapot\r\n\r\n`)],
    ['the rate limit', 429, async () => (await get(limited, '/extended'), get(limited, '/extended'))],
    ['Prefer: code=503', 503, () => get(open, '/extended', { 'X-API-Key': SECRET, Prefer: 'code=503' })],
    ['an injected fault', 500, () => get(faulty, '/extended')],
    ['an Error with a path and a stack thrown in a handler', 500, () => get(broken, TX_LIST)],
    ['a string with a path thrown in a handler', 500, () => get(broken, '/extended/v2/blocks/latest')],
    ['an unprintable object thrown in a handler', 500, () => get(broken, '/extended/v1/tx/mempool/stats')],
    ['an Error thrown in a handler after --latency', 500, () => get(slowBroken, TX_LIST)],
  ];

  it.each(cases)(
    '%s: %i with the documented error body and nothing to leak',
    async (_what, status, answer) => {
      const res = await answer();
      expect(res.status).toBe(status);
      expect(problemsWithAnswer(undefined, res, [...SECRETS, 'secret-layout', 'boom'])).toEqual([]);
    },
  );

  it('logged every internal error as one line, without stack, path or key', () => {
    const internal = logs.filter((l) => l.startsWith('internal error'));
    expect(internal).toHaveLength(4);
    expect(internal.join('\n')).toContain('boom reading <path>');
    for (const line of logs) expect(leaksIn(line, SECRETS), line).toEqual([]);
  });

  it('the mock still serves after every one of them', async () => {
    for (const m of [open, strict, broken, slowBroken])
      expect((await get(m, `/extended/v1/address/${ADDRESS}/balances`)).status).toBe(200);
  });
});

describe('keys from a file or the environment', () => {
  const file = join(tempDir('mock-keys-'), 'keys.txt');
  writeFileSync(file, `# keys for the mock\n${SECRET}\n`);

  it.each([
    ['--api-key-file', parseCli(['--api-key-file', file], {})],
    ['MOCK_API_KEY_FILE', parseCli([], { MOCK_API_KEY_FILE: file })],
    ['MOCK_API_KEYS', parseCli([], { MOCK_API_KEYS: SECRET })],
  ])('%s: the key works, and the start-up banner does not print it', async (_from, options) => {
    if (options === 'help') throw new Error('unexpected help');
    // The CLI's options warm the Clarity engine, whose start can hold the mock's thread past this
    // file's 300 ms header timeout on a loaded machine (a 408 seen): neither matters to keys.
    const m = await mock(
      { ...options, clarity: 'lazy', port: 0, log: (line) => logs.push(line) },
      undefined,
      SERVER_LIMITS,
    );
    expect((await get(m, '/extended', { 'X-API-Key': SECRET })).status).toBe(200);
    expect((await get(m, '/extended', { 'X-API-Key': WRONG })).status).toBe(403);
    expect(leaksIn(banner(m.url, m.live.queries, options, 0), SECRETS)).toEqual([]);
  });
});
