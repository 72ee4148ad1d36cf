import { describe, expect, it } from 'vitest';
import { createMock } from '../mocks/create-mock.ts';
import { sampleUrls } from '../mocks/sample-urls.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { loadSpec, urlFor } from '../spec/load.ts';
import { ExchangeChecker } from './exchange-check.ts';

const mock = createMock({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const checker = new ExchangeChecker(loadSpec());

/** The ways a client may write one URL that a router may or may not take as the same route. */
function spellings(url: string): string[] {
  const [path = '', query] = url.split('?');
  const withQuery = (p: string): string => (query === undefined ? p : `${p}?${query}`);
  return [
    url,
    withQuery(`${path}/`),
    withQuery(path.replace('/extended', '/Extended')),
    withQuery(path.replace(/\/v(\d)\//, '/V$1/')),
    withQuery(path.replace(/\/(0x[0-9a-f]+|S[PT][0-9A-Z]+)/, (s) => `/${encodeURIComponent(s.slice(1))}`)),
  ];
}

async function answer(url: string): Promise<HttpResponse> {
  return mock.handle({ method: 'GET', target: url, headers: {}, ip: '127.0.0.1' });
}

describe('the proxy and the mock route with one router', () => {
  it('the measured case: a trailing slash and a capital letter are routes, not drift', async () => {
    for (const url of ['/extended/v1/tx/mempool/stats/', '/Extended/v1/tx/mempool/stats']) {
      const res = await answer(url);
      expect(res.status, url).toBe(200);
      const findings = checker.check({ method: 'GET', target: url }, res);
      expect(
        findings.filter((f) => f.where === 'route'),
        url,
      ).toEqual([]);
    }
  });

  it('a URL the mock answers 200 is never drift, however it is spelled', async () => {
    let answered = 0;
    for (const url of Object.values(sampleUrls(mock.live.queries, urlFor)))
      for (const spelled of spellings(url)) {
        const res = await answer(spelled);
        const routed = checker.operationOf(spelled) !== undefined;
        if (res.status === 200) {
          answered++;
          expect(routed, spelled).toBe(true);
        }
        // And the other way: a URL the proxy does not route, the mock does not answer.
        if (!routed) expect(res.status, spelled).toBe(404);
      }
    expect(answered).toBeGreaterThan(Object.keys(sampleUrls(mock.live.queries, urlFor)).length * 3);
  });
});
