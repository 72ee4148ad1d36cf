import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../spec/document.ts';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import { listOperations, loadSpec, operationMatcher, urlFor } from '../../spec/load.ts';
import { operationAsOf, RELEASES, servedBy, type ReleaseProfile } from '../../spec/releases/releases.ts';
import { createMockApp } from '../app.ts';
import { sampleUrls } from '../sample-urls.ts';

// Every route the mock names to a client (in a deprecated operation's `x-replaced-by`, as each
// release names it, in an operation's description, in the `Warning` text) must be one it answers
// 200 on, under the release that names it: a migration guide that sends users to a 404 is a lie.

const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.close())));

const all = listOperations();
const matchOperation = operationMatcher(all);

/** `GET /extended/…` or `/extended/…` (and the node's `/v2/…`) in a text, without a query. */
function routesIn(text: string): string[] {
  return [...text.matchAll(/`(?:GET |POST )?(\/(?:extended|v2)\/[^`\s?]*)/g)].map((m) => m[1] as string);
}

/** Per release, each route it names, with who named it. */
function namedRoutes(release: ReleaseProfile): Array<{ route: string; by: string }> {
  const named: Array<{ route: string; by: string }> = [];
  for (const op of all
    .filter((o) => servedBy(o, release.version))
    .map((o) => operationAsOf(o, release.version))) {
    for (const route of op.replacedBy?.routes ?? [])
      named.push({ route: route.replace(/^GET /, ''), by: `${op.operationId}'s x-replaced-by` });
  }
  for (const route of routesIn(`\`${release.warning}\``)) named.push({ route, by: 'the Warning' });
  return named;
}

/** The routes the spec's operation descriptions name, whichever release they speak of. */
function describedRoutes(): Array<{ route: string; by: string }> {
  const doc = loadSpec();
  return all.flatMap((op) => {
    const raw = doc.paths?.[op.path]?.[op.method] as { description?: string } | undefined;
    return routesIn(raw?.description ?? '').map((route) => ({
      route,
      by: `${op.operationId}'s description`,
    }));
  });
}

/**
 * What to request for a named route: the operation's sample request (one this world answers 200),
 * and the route itself when it is a whole URL (`/extended/v2/blocks/latest`).
 */
function urlsOf(route: string, op: Operation, samples: Record<string, string>): string[] {
  const sample = samples[op.operationId];
  if (sample === undefined) throw new Error(`no sample URL for ${op.operationId}`);
  const whole = !route.includes('{') && !op.parameters.some((p) => p.in === 'query' && p.required);
  return whole ? [sample, route] : [sample];
}

describe('every route the mock names answers 200 under the release that names it', () => {
  const mocks = new Map<string, { urls: Record<string, string>; get: (path: string) => Promise<number> }>();
  beforeAll(() => {
    for (const release of RELEASES) {
      const app = createMockApp({ quiet: true, rateLimit: 0, apiVersion: release.version });
      const client = httpClient(app);
      clients.push(client);
      mocks.set(release.version, {
        urls: sampleUrls(app.live.queries, urlFor),
        get: async (path) => (await client.get(path)).status,
      });
    }
  });

  it('every x-replaced-by, as each release names it, names its routes (not only an operationId), or says the mock does not serve them yet', () => {
    for (const op of all) {
      const named = [op.replacedBy, ...Object.values(op.replacedByBefore ?? {})].filter(
        (r) => r !== undefined,
      );
      // A replacement the mock does not serve yet is named by its description, which says so.
      for (const replacement of named.filter((r) => !r.description?.includes('not served by this mock')))
        expect(replacement.routes?.length ?? 0, op.operationId).toBeGreaterThan(0);
    }
  });

  for (const release of RELEASES)
    it(`as ${release.version}: each route its deprecations name is an operation it serves, and answers 200`, async () => {
      const mock = mocks.get(release.version)!;
      const named = namedRoutes(release);
      expect(named.length).toBeGreaterThan(0);
      for (const { route, by } of named) {
        const op = matchOperation(route);
        expect(op, `${route} (named by ${by}) is no operation of the spec`).toBeDefined();
        expect(
          servedBy(op!, release.version),
          `${route} (named by ${by}) is not served by ${release.version}`,
        ).toBe(true);
        for (const url of urlsOf(route, op!, mock.urls))
          expect(await mock.get(url), `${route} (named by ${by}) as ${release.version}`).toBe(200);
      }
    });

  it('each route a description names is an operation some release serves, and answers 200 under each that serves it', async () => {
    const described = describedRoutes();
    expect(described.length).toBeGreaterThan(0);
    for (const { route, by } of described) {
      const op = matchOperation(route);
      expect(op, `${route} (named by ${by}) is no operation of the spec`).toBeDefined();
      const serving = RELEASES.filter((r) => servedBy(op!, r.version));
      expect(serving.length, `${route} (named by ${by}) is served by no release`).toBeGreaterThan(0);
      for (const release of serving) {
        const mock = mocks.get(release.version)!;
        for (const url of urlsOf(route, op!, mock.urls))
          expect(await mock.get(url), `${route} (named by ${by}) as ${release.version}`).toBe(200);
      }
    }
  });
});
