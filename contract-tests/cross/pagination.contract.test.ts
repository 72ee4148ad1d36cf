import { describe, expect, test, type TestContext } from 'vitest';
import type { Schema } from '../../spec/load.ts';
import { requireWorld } from '../cases/common.ts';
import { ORDERINGS } from '../cases/ordering.ts';
import { fetchPage, walkPages, type Walk } from '../cases/pagination.ts';
import { expectConsistent, type Problem } from '../expect.ts';
import { operationDescription, operations, parameter, type Query } from '../spec-context.ts';
import { contractTarget } from '../target.ts';
import { missingFacts, worldViewOf } from '../cases/world-view.ts';
import { stringParams, validRequests, type WorldView } from '../../spec/valid-requests/valid-requests.ts';

const target = await contractTarget();
const data = await target.data();

/** The operations the spec pages with `limit` and `offset`. */
const paginated = operations.filter(
  (op) => parameter(op, 'limit')?.in === 'query' && parameter(op, 'offset')?.in === 'query',
);

/**
 * The target's world for the walks: its busiest address stands for every address (a long list
 * spans pages), and its transaction with the most events for the address's transaction.
 */
const walkedView = ((): WorldView => {
  const view = worldViewOf(data);
  const richest = [...data.addressTransactions].sort((a, b) => (b.eventCount ?? 0) - (a.eventCount ?? 0))[0];
  return {
    ...view,
    ...(view.busiest ? { stx_activity: view.busiest } : {}),
    ...(richest ? { address_tx: { address: richest.address, tx_id: richest.tx_id } } : {}),
  };
})();

/** What a paginated operation is walked over: the path of its declared valid request on that world, or why there is none. */
function subjectOf(operationId: string): { path?: Record<string, string>; missing: string } {
  const built = validRequests(operationId, walkedView);
  const [first] = built.requests ?? [];
  return first
    ? { path: stringParams(first).path, missing: '' }
    : { missing: missingFacts(built.missing ?? []) };
}

/** Paged operations whose order the suite does not know yet: reported as skipped. */
const unordered = paginated.filter((op) => !ORDERINGS[op.operationId]);

describe('pagination', () => {
  test('every order the suite knows belongs to an operation the spec pages', () => {
    const paged = paginated.map((op) => op.operationId);
    expect(Object.keys(ORDERINGS).filter((id) => !paged.includes(id))).toEqual([]);
  });

  for (const op of unordered)
    test.skip(
      `${op.operationId}: the suite knows no documented order for it yet, so its pages are not walked`,
    );

  for (const op of paginated.filter((o) => ORDERINGS[o.operationId])) {
    const limit = parameter(op, 'limit')?.schema as Schema;
    const max = limit.maximum as number;
    const byDefault = limit.default as number;
    const ordering = ORDERINGS[op.operationId];
    const { path, missing } = subjectOf(op.operationId);

    describe(op.operationId, () => {
      let pin: Promise<Query> | undefined;
      /** The state is pinned to the chain tip where the spec allows it, so a growing chain cannot shift the pages. */
      const pinned = (): Promise<Query> =>
        (pin ??= parameter(op, 'until_block')
          ? target.client
              .call('get_block', { path: { height_or_hash: 'latest' } })
              .then((ex) => ({ until_block: String((ex.body as { hash?: unknown }).hash) }))
          : Promise.resolve({}));
      let walked: Promise<Walk> | undefined;
      const walk = (ctx: TestContext): Promise<Walk> => {
        requireWorld(ctx, target);
        if (!path || !ordering) return ctx.skip(`nothing to page through for ${op.operationId}: ${missing}`);
        walked ??= (async () => {
          const first = await fetchPage(target, op.operationId, path, { ...(await pinned()), limit: '1' });
          const total = typeof first.page.total === 'number' ? first.page.total : 0;
          const pageSize = Math.min(max, Math.max(1, Math.ceil(total / 3)));
          if (total < 2) return { items: [], total, pageSize, exchanges: [first.ex], findings: [] };
          if (total > pageSize * target.config.maxWalkPages)
            return { items: [], total, pageSize, tooLong: true, exchanges: [first.ex], findings: [] };
          return walkPages(target, op.operationId, path, await pinned(), pageSize, ordering);
        })();
        return walked;
      };
      const walkable = async (ctx: TestContext): Promise<Walk> => {
        const w = await walk(ctx);
        if (w.total < 2)
          ctx.skip(`${JSON.stringify(path)} has ${w.total} items: a walk needs 2 or more to span pages`);
        if (w.tooLong)
          ctx.skip(
            `${w.total} items is more than CONTRACT_MAX_WALK_PAGES=${target.config.maxWalkPages} pages of ${w.pageSize}`,
          );
        return w;
      };

      describe('200 OK', () => {
        test('the order the suite checks is the one the description documents', () => {
          const words = (s: string): string => s.replace(/\s+/g, ' ');
          expect(words(operationDescription(op))).toContain(
            words(ordering?.specSays ?? '(no ordering known to the suite)'),
          );
        });

        test('walking every page yields each item once, in the documented order, agreeing with total', async (ctx) => {
          const w = await walkable(ctx);
          expectConsistent(
            target,
            op.operationId,
            `walk of ${w.exchanges.length} pages of ${w.pageSize}`,
            w.exchanges,
            w.findings,
          );
        });

        const bounds: Array<{
          name: string;
          query: (w: Walk) => Query;
          want: (w: Walk) => { limit: number; offset: number; count: number; first?: unknown };
        }> = [
          {
            name: `limit omitted gives the default ${byDefault}`,
            query: () => ({}),
            want: (w) => ({
              limit: byDefault,
              offset: 0,
              count: Math.min(byDefault, w.total),
              first: w.items[0],
            }),
          },
          ...(parameter(op, 'limit')?.['x-zero-means-default']
            ? [
                {
                  name: `limit=0 means the default ${byDefault}`,
                  query: () => ({ limit: '0' }),
                  want: (w: Walk) => ({
                    limit: byDefault,
                    offset: 0,
                    count: Math.min(byDefault, w.total),
                    first: w.items[0],
                  }),
                },
              ]
            : []),
          {
            name: 'limit=1, offset=0 is the first item',
            query: () => ({ limit: '1', offset: '0' }),
            want: (w) => ({ limit: 1, offset: 0, count: 1, first: w.items[0] }),
          },
          {
            name: `limit=${max} (the maximum)`,
            query: () => ({ limit: String(max) }),
            want: (w) => ({ limit: max, offset: 0, count: Math.min(max, w.total), first: w.items[0] }),
          },
          {
            name: 'offset in the middle is the middle item of the walk',
            query: (w) => ({ limit: '1', offset: String(Math.floor(w.total / 2)) }),
            want: (w) => ({
              limit: 1,
              offset: Math.floor(w.total / 2),
              count: 1,
              first: w.items[Math.floor(w.total / 2)],
            }),
          },
        ];
        for (const bound of bounds) {
          test(bound.name, async (ctx) => {
            const w = await walkable(ctx);
            const want = bound.want(w);
            const { ex, page } = await fetchPage(target, op.operationId, path ?? {}, {
              ...(await pinned()),
              ...bound.query(w),
            });
            const results = page.results ?? [];
            const findings: Problem[] = [];
            if (page.limit !== want.limit || page.offset !== want.offset)
              findings.push({
                where: 'pagination',
                expected: `limit ${want.limit}, offset ${want.offset}`,
                actual: `limit ${String(page.limit)}, offset ${String(page.offset)}`,
              });
            if (results.length !== want.count)
              findings.push({
                where: 'pagination',
                expected: `${want.count} results`,
                actual: `${results.length}`,
              });
            if (page.total !== w.total)
              findings.push({
                where: 'total',
                expected: `total ${w.total}, as during the walk`,
                actual: String(page.total),
              });
            if (
              want.first !== undefined &&
              results[0] !== undefined &&
              ordering?.key(results[0]) !== ordering?.key(want.first)
            ) {
              findings.push({
                where: 'pagination',
                expected: `first result ${ordering?.key(want.first)} (item ${want.offset} of the walk)`,
                actual: String(ordering?.key(results[0])),
              });
            }
            expectConsistent(target, op.operationId, bound.name, [ex], findings);
          });
        }

        test('offset past the end gives no results (total stays true or is 0)', async (ctx) => {
          const w = await walkable(ctx);
          const { ex, page } = await fetchPage(target, op.operationId, path ?? {}, {
            ...(await pinned()),
            offset: String(w.total + 5),
          });
          const findings: Problem[] = [];
          if ((page.results ?? []).length !== 0)
            findings.push({
              where: 'pagination',
              expected: 'empty results past the end',
              actual: `${(page.results ?? []).length} results`,
            });
          if (page.total !== w.total && page.total !== 0)
            findings.push({
              where: 'total',
              expected: `${w.total} (the true total) or 0 (the real service)`,
              actual: String(page.total),
            });
          expectConsistent(target, op.operationId, `offset ${w.total + 5} of ${w.total}`, [ex], findings);
        });
      });
    });
  }
});
