import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { listOperations, urlFor } from '../../spec/load.ts';
import { RELEASES, servedBy } from '../../spec/releases/releases.ts';
import { createMockApp } from '../app.ts';
import { sampleUrls } from '../sample-urls.ts';

const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** A mock answering as `apiVersion`, and a request to one of its paths. */
function mockAs(apiVersion: string): {
  urls: Record<string, string>;
  get: (path: string, method?: string) => Promise<HttpResponse>;
} {
  const app = createMockApp({ quiet: true, rateLimit: 0, apiVersion });
  const client = httpClient(app);
  clients.push(client);
  return {
    urls: sampleUrls(app.live.queries, urlFor),
    get: (path, method = 'GET') => client.send({ method, target: path }),
  };
}

// The operations the spec says some release does not serve (x-releases), from the spec itself.
const gated = listOperations().filter((op) => op.releases !== undefined);

describe('x-releases: a release answers an operation it does not serve as any unknown route', () => {
  const mocks: Record<string, ReturnType<typeof mockAs>> = {};
  beforeAll(() => {
    for (const release of RELEASES) mocks[release.version] = mockAs(release.version);
  });

  it('the spec gates the successors: the v3 routes are 9.0.2 only, the v2 address routes both', () => {
    expect(gated.length).toBeGreaterThanOrEqual(10);
    expect(
      gated.filter((op) => !servedBy(op, '8.11.6')).every((op) => op.path.startsWith('/extended/v3/')),
    ).toBe(true);
  });

  for (const release of RELEASES)
    it(`as ${release.version}: served ones answer 200, the others the real router's 404, byte for byte`, async () => {
      const { urls, get } = mocks[release.version]!;
      for (const op of gated) {
        const url = urls[op.operationId];
        expect(url, op.operationId).toBeDefined();
        const res = await get(url as string);
        if (servedBy(op, release.version)) {
          expect(res.status, op.operationId).toBe(200);
          continue;
        }
        expect(res.status, op.operationId).toBe(404);
        // As v8.11.6 answers /extended/v3/… (measured): Fastify's keys in its order, the target with its query.
        expect(res.text, op.operationId).toBe(
          JSON.stringify({ message: `Route GET:${url} not found`, error: 'Not Found', statusCode: 404 }),
        );
        expect(res.headers['cache-control'], op.operationId).toBe('no-store');
        expect(res.headers['content-type'], op.operationId).toBe('application/json; charset=utf-8');
        expect([res.headers.etag, res.headers.warning], op.operationId).toEqual([undefined, undefined]);
        const head = await get(url as string, 'HEAD');
        expect([head.status, head.text], op.operationId).toEqual([404, '']);
      }
    });

  it('the v2 address transactions: 9.0.2 reads cursor and sends the cursor keys; 8.11.6 neither', async () => {
    const v9 = mocks['9.0.2']!;
    const v8 = mocks['8.11.6']!;
    const path = v9.urls.get_address_transactions as string;
    type Page = Record<string, unknown> & { results: Array<{ tx: { tx_id: string } }> };
    const page9 = (await v9.get(path.replace('limit=20', 'limit=2'))).body as Page;
    const page8 = (await v8.get(path.replace('limit=20', 'limit=2'))).body as Page;
    expect(Object.keys(page9)).toEqual([
      'limit',
      'offset',
      'total',
      'next_cursor',
      'prev_cursor',
      'cursor',
      'results',
    ]);
    expect(Object.keys(page8)).toEqual(['limit', 'offset', 'total', 'results']);
    const older = page9.prev_cursor as string;
    expect(older).toMatch(/^0x[0-9a-f]{64}:\d+:\d+$/);
    const next9 = (await v9.get(`${path}&cursor=${older}`)).body as Page;
    const next8 = (await v8.get(`${path}&cursor=${older}`)).body as Page;
    // 9.0.2 starts at the cursor; 8.11.6 ignores it and answers the first page, as without it.
    expect(next9.results[0]?.tx.tx_id).not.toBe(page9.results[0]?.tx.tx_id);
    expect(next8.results[0]?.tx.tx_id).toBe(page8.results[0]?.tx.tx_id);
    expect((await v8.get(`${path}&cursor=nonsense`)).status).toBe(200);
    expect((await v9.get(`${path}&cursor=nonsense`)).status).toBe(404);
  });
});
