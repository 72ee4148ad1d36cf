import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import { worldViewOf } from '../cases/world-view.ts';
import { parameterExamples } from '../../spec/valid-requests/valid-requests.ts';
import { expectNotModified, need, requireWorld, UNKNOWN_TX_ID } from '../cases/common.ts';
import { expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
/** One mined id of each type and each mined status: every payload and status shape the target has. */
const mined = [
  ...new Set(
    [...Object.values(data.txByType), ...Object.values(data.txByStatus)]
      .map((ids) => ids[0])
      .filter((id): id is string => id !== undefined),
  ),
];
const first = mined[0];
function call(ids: string[] | string, query: Record<string, string> = {}) {
  return target.client.call('get_tx_list_details', { query: { tx_id: ids, ...query } });
}

type Entry = { found?: unknown; result?: { tx_id?: unknown; events?: unknown[] } };
function entries(ex: Exchange): Record<string, Entry> {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Record<string, Entry>) : {};
}

describe('get_tx_list_details', () => {
  describe('200 OK', () => {
    test('one mined id of each transaction type and status (repeated tx_id)', async (ctx) => {
      const ids = need(ctx, mined.length ? mined : undefined, 'mined transaction ids', 'transactions.byType');
      expectResponse(target, await call(ids), { status: 200, because: 'known transaction ids' });
    });

    test('ids as one comma-separated list', async (ctx) => {
      const ids = need(
        ctx,
        mined.length >= 2 ? mined.slice(0, 2) : undefined,
        'two mined transaction ids',
        'transactions.byType',
      );
      expectResponse(target, await call(ids.join(',')), {
        status: 200,
        because: 'tx_id may be one comma-separated list (x-comma-separated)',
      });
    });

    test('mempool ids next to an unknown id', async (ctx) => {
      const ids = need(
        ctx,
        data.mempool.length ? data.mempool : undefined,
        'mempool transaction ids',
        'mempool',
      );
      expectResponse(target, await call([...ids, UNKNOWN_TX_ID]), {
        status: 200,
        because: 'at least one id is known',
      });
    });

    const profile = target.release.profile;
    test(`pending results carry replaced_by_tx_id as their release does (${profile ? `as ${profile.version}` : 'no release profile'})`, async (ctx) => {
      requireWorld(ctx, target);
      if (!profile) return ctx.skip(`no release profile for ${target.release.serverVersion}`);
      const ids = need(
        ctx,
        data.mempool.length ? data.mempool : undefined,
        'mempool transaction ids',
        'mempool',
      );
      const ex = await call(ids);
      // v9 names the transaction that replaced a pending one (null while none has); v8 has no such field.
      const findings: Problem[] = Object.entries(entries(ex))
        .filter(([, e]) => e.found === true && e.result !== undefined && 'receipt_time' in e.result)
        .filter(([, e]) => 'replaced_by_tx_id' in (e.result ?? {}) !== profile.replacedByTxId)
        .map(([id]) => ({
          where: 'body',
          expected: `${id}: replaced_by_tx_id ${profile.replacedByTxId ? 'present' : 'absent'} on a pending result (release ${profile.version})`,
          actual: profile.replacedByTxId ? 'absent' : 'present',
        }));
      expectResponse(target, ex, { status: 200, because: 'pending transaction ids' }, findings);
    });

    test('event_limit=1 and event_offset=1', async (ctx) => {
      const id = need(ctx, first, 'mined transaction id', 'transactions.byType');
      expectResponse(target, await call([id], { event_limit: '1', event_offset: '1' }), {
        status: 200,
        because: 'event paging within its bounds',
      });
    });
  });

  describe('200 OK, what the entries say', () => {
    test('one entry per distinct id, found or not, events paged by event_limit', async (ctx) => {
      requireWorld(ctx, target);
      const id = need(ctx, first, 'mined transaction id', 'transactions.byType');
      const ex = await call([id, id, UNKNOWN_TX_ID], { event_limit: '1' });
      const body = entries(ex);
      const findings: Problem[] = [];
      const keys = Object.keys(body).sort();
      const want = [id, UNKNOWN_TX_ID].sort();
      if (JSON.stringify(keys) !== JSON.stringify(want)) {
        findings.push({
          where: 'body keys',
          expected: `one key per distinct id (duplicates collapse): ${want.join(', ')}`,
          actual: keys.join(', ') || '(none)',
        });
      }
      if (body[id]?.found !== true)
        findings.push({
          where: `body ${id}.found`,
          expected: 'true for a mined transaction',
          actual: String(body[id]?.found),
        });
      if (body[UNKNOWN_TX_ID]?.found !== false)
        findings.push({
          where: `body ${UNKNOWN_TX_ID}.found`,
          expected: 'false for an unknown id',
          actual: String(body[UNKNOWN_TX_ID]?.found),
        });
      const events = body[id]?.result?.events;
      if (Array.isArray(events) && events.length > 1)
        findings.push({
          where: `body ${id}.result.events`,
          expected: 'at most 1 event (event_limit=1)',
          actual: `${events.length} events`,
        });
      expectResponse(
        target,
        ex,
        { status: 200, because: 'a duplicate id collapses into one key; one of the ids is known' },
        findings,
      );
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const id = need(ctx, first, 'mined transaction id', 'transactions.byType');
      await expectNotModified(target, 'get_tx_list_details', { query: { tx_id: [id] } });
    });
  });

  badRequestTests(
    target,
    'get_tx_list_details',
    first ? { path: {}, query: { tx_id: [first] } } : undefined,
    parameterExamples(worldViewOf(data), { tx_id: first }),
    'mined transaction id (`transactions.byType`)',
  );

  describe('404 Not Found', () => {
    test('none of the requested ids is known', async (ctx) => {
      requireWorld(ctx, target);
      expectResponse(target, await call([UNKNOWN_TX_ID]), {
        status: 404,
        because: 'the lookup answers 404 when none of the requested transactions is found',
      });
    });
  });
});
