import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, urlFor } from '../../spec/load.ts';
import { validRequests, validRequestUrl } from '../../spec/valid-requests/valid-requests.ts';
import { worldViewOf } from '../world-view.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { describeRequest, urlOf, type FuzzRequest } from '../../testing/fuzz/fuzz-request.ts';
import { fuzzSettings } from '../../testing/fuzz/fuzz-settings.ts';
import {
  anyInvalidRequest,
  hostileExtras,
  tooLongAnswers,
  type InvalidCase,
} from '../../testing/fuzz/invalid-requests.ts';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import {
  addCursors,
  anyValidRequest,
  cursorsNamed,
  arbitraryValidRequest,
  worldSamples,
  type WorldSamples,
} from '../../testing/fuzz/valid-requests.ts';

const { runs, seed, seedFrom } = fuzzSettings();
// The reads only (the POSTs a wallet sends are proved by the stacks.js loop), the successors
// included: their cursors and assets are drawn from the world (testing/fuzz/valid-requests.ts).
const ops = listOperations().filter((op) => op.method === 'get');
// Printed before anything runs, so a crash or a hang still leaves the seed to replay with. The
// three properties draw from seed, seed + 1 and seed + 2, so they do not generate in lockstep.
console.log(
  `fuzz: seed ${seed} (${seedFrom}), ${runs} cases per property; replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} make fuzz`,
);

/** A bound on the whole property, so a hang fails the test instead of stalling CI; not a speed target. */
const propertyTimeout = 60_000 + runs * 50;

describe(`fuzzing from the spec (seed ${seed})`, () => {
  /** Log lines that tell of a server fault; kept alone so a long run does not hold every line. */
  const faults: string[] = [];
  const seen = new Map<string, number>();
  const count = (label: string): void => void seen.set(label, (seen.get(label) ?? 0) + 1);
  let mock: Mock<ServerDoor>;
  let client: HttpClient;
  let samples: WorldSamples;
  let valid: fc.Arbitrary<FuzzRequest>;
  let invalid: fc.Arbitrary<InvalidCase>;
  let withExtras: fc.Arbitrary<[FuzzRequest, [string, string][], number]>;

  beforeAll(async () => {
    mock = await startMockServer({
      port: 0,
      rateLimit: 0,
      // With a key configured, any other key is refused (403): the unknown-key mutation needs that.
      apiKeys: ['fuzz-configured-key'],
      log: (line) => void (/internal error| 5\d\d /.test(line) && faults.push(line)),
    });
    // The Clarity engine warmed first: a contract route drawn early waits for its replay, which a
    // busy machine stretched past the client's timeout.
    await mock.live.queries.clarity.ready();
    samples = worldSamples(mock.live.queries);
    // A cursor's format is its list's own: each cursor-paged operation's first page names some.
    const view = worldViewOf(mock.live.queries);
    const reader = httpClient(mock.url, { maxSockets: 1 });
    for (const op of ops.filter((o) => o.parameters.some((p) => p.name === 'cursor'))) {
      const [first] = validRequests(op.operationId, view).requests ?? [];
      if (!first) continue;
      const url = new URL(validRequestUrl(urlFor, op.operationId, first), mock.url);
      url.searchParams.set('limit', '1');
      const page = await reader.get(`${url.pathname}${url.search}`);
      addCursors(samples, op.operationId, cursorsNamed(JSON.parse(page.text)));
    }
    await reader.close();
    // Built before any property runs, and before the client's socket opens: building them takes
    // seconds, which a busy machine can stretch past the server's keep-alive, resetting an idle socket.
    valid = anyValidRequest(ops, samples);
    invalid = anyInvalidRequest(ops, samples);
    withExtras = fc.oneof(
      ...ops.map((op) => fc.tuple(arbitraryValidRequest(op, samples), hostileExtras(op), fc.nat())),
    );
    client = httpClient(mock.url, { maxSockets: 1 });
  }, propertyTimeout);

  afterAll(async () => {
    await client.close();
    await mock.close();
    const table = [...seen]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, n]) => `  ${label.padEnd(64)} ${n}`);
    console.log(
      `fuzz: seed ${seed}, ${[...seen.values()].reduce((a, b) => a + b, 0)} cases (property, operation or mutation, status)\n${table.join('\n')}`,
    );
  });

  it(
    'answers valid requests for every operation with a documented success or 404 and a body valid for it',
    async () => {
      await fc.assert(
        fc.asyncProperty(valid, async (request) => {
          const res = await client.get(urlOf(request), request.headers);
          count(`valid   ${request.op.operationId} ${res.status}`);
          const problems = [
            ...([200, 404].includes(res.status) ? [] : [`status ${res.status}, not 200 or 404`]),
            ...problemsWithAnswer(request.op, res),
          ];
          if (problems.length)
            throw new Error(
              `${describeRequest(request)} → ${res.status}\n  ${problems.join('\n  ')}\n  ${res.text.slice(0, 300)}`,
            );
        }),
        { seed, numRuns: runs },
      );
      if (runs >= 200) {
        // Every operation this world has something for (a declared valid request; the default
        // world holds no trait, so a trait check only ever misses).
        const view = worldViewOf(mock.live.queries);
        const held = ops.filter((op) => (validRequests(op.operationId, view).requests ?? []).length > 0);
        for (const op of held)
          expect(
            [...seen.keys()].some((k) => k.startsWith(`valid   ${op.operationId} 200`)),
            `no valid ${op.operationId} request found anything`,
          ).toBe(true);
      }
    },
    propertyTimeout,
  );

  it(
    'answers invalid requests with a 4xx and the documented error body, never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(invalid, async ({ request, mutation, label, expect: statuses }) => {
          const res = await client.get(urlOf(request), request.headers);
          count(`invalid ${mutation} ${res.status}`);
          const problems = [
            ...(statuses.includes(res.status)
              ? []
              : [`status ${res.status}, expected ${statuses.join(' or ')}`]),
            ...problemsWithAnswer(request.op, res),
          ];
          if (problems.length)
            throw new Error(
              `${mutation} (${label}): ${describeRequest(request)} → ${res.status}\n  ${problems.join('\n  ')}\n  ${res.text.slice(0, 300)}`,
            );
        }),
        { seed: seed + 1, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'ignores unknown query parameters with hostile names and values, and nothing reaches Object.prototype',
    async () => {
      await fc.assert(
        fc.asyncProperty(withExtras, async ([request, extras, at]) => {
          const query = [...request.query];
          query.splice(at % (query.length + 1), 0, ...extras);
          const hostile = { ...request, query };
          const [plain, res] = [await client.get(urlOf(request)), await client.get(urlOf(hostile))];
          count(`extras  ${request.op.operationId} ${res.status}`);
          const tooLong = tooLongAnswers(urlOf(hostile));
          const same = tooLong
            ? tooLong.includes(res.status)
            : res.status === plain.status && res.text === plain.text;
          const problems = [
            ...(same ? [] : [`answer differs from the same request without them (${plain.status})`]),
            ...problemsWithAnswer(request.op, res),
          ];
          if (problems.length)
            throw new Error(
              `${describeRequest(hostile)} → ${res.status}\n  ${problems.join('\n  ')}\n  ${res.text.slice(0, 300)}`,
            );
        }),
        { seed: seed + 2, numRuns: runs },
      );
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    propertyTimeout,
  );

  it('is still serving afterwards and logged no internal error', async () => {
    expect((await client.get('/extended')).status).toBe(200);
    expect(faults).toEqual([]);
  });
});
