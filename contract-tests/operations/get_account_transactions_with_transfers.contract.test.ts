import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import { worldViewOf } from '../cases/world-view.ts';
import { parameterExamples } from '../../spec/valid-requests/valid-requests.ts';
import { expectNotModified, need, requireWorld, UNKNOWN_BLOCK_HASH } from '../cases/common.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const principal = data.addresses.stx_activity;
const block = data.blocks[0];
function call(p: string, query: Record<string, string> = {}) {
  return target.client.call('get_account_transactions_with_transfers', { path: { principal: p }, query });
}

interface Item {
  tx: { tx_id: string; block_height: number };
}
function itemsOf(body: unknown): Item[] {
  return ((body as { results?: Item[] } | undefined)?.results ?? []).filter((i) => i?.tx);
}

describe('get_account_transactions_with_transfers', () => {
  describe('200 OK', () => {
    test('an address with STX activity', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      expectResponse(target, await call(p), { status: 200, because: 'a valid principal' });
    });

    test('a contract principal', async (ctx) => {
      const p = need(
        ctx,
        data.addresses.contract_principal,
        'contract principal',
        'addresses.contract_principal',
      );
      expectResponse(target, await call(p), { status: 200, because: 'a contract identifier is a principal' });
    });

    test('height=<a known block>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await call(p, { height: String(b.height) }), {
        status: 200,
        because: 'height selects one block',
      });
    });

    test('until_block=<a known hash>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await call(p, { until_block: b.hash }), {
        status: 200,
        because: 'until_block may be a known block hash',
      });
    });

    test('until_block=<a height>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await call(p, { until_block: String(Math.max(1, b.height)) }), {
        status: 200,
        because: 'until_block may be a positive height',
      });
    });

    test('height returns that whole block, until_block the history up to it', async (ctx) => {
      requireWorld(ctx, target);
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      const first = await call(p, { limit: '50' });
      expectResponse(target, first, { status: 200, because: 'the first page of the history' });
      const items = itemsOf(first.body);
      const newest = items[0]?.tx.block_height;
      const older = items[items.length - 1]?.tx.block_height;
      if (newest === undefined || older === undefined) return ctx.skip(`${p} has no transactions to filter`);
      const atHeight = await call(p, { height: String(newest), limit: '50' });
      expectResponse(target, atHeight, {
        status: 200,
        because: `height ${newest} holds transactions of ${p}`,
      });
      const upTo = await call(p, { until_block: String(older), limit: '50' });
      expectResponse(target, upTo, { status: 200, because: `until_block ${older} is a known height` });
      const ids = (list: Item[]) => list.map((i) => i.tx.tx_id);
      // The first page is a prefix of the whole history, so its items in block `newest` are all of
      // that block's, and its items at or below `older` open the history up to `older`.
      const wantAtHeight = ids(items.filter((i) => i.tx.block_height === newest));
      const wantUpTo = ids(items.filter((i) => i.tx.block_height <= older));
      const findings: Problem[] = [];
      if (JSON.stringify(ids(itemsOf(atHeight.body))) !== JSON.stringify(wantAtHeight))
        findings.push({
          where: 'check height_filter_holds',
          expected: `height=${newest} returns that block's transactions of the principal: ${wantAtHeight.join(', ')}`,
          actual: ids(itemsOf(atHeight.body)).join(', ') || '(none)',
        });
      if (JSON.stringify(ids(itemsOf(upTo.body)).slice(0, wantUpTo.length)) !== JSON.stringify(wantUpTo))
        findings.push({
          where: 'check height_filter_holds',
          expected: `until_block=${older} starts with the history's transactions at or below ${older}: ${wantUpTo.join(', ')}`,
          actual: ids(itemsOf(upTo.body)).slice(0, wantUpTo.length).join(', ') || '(none)',
        });
      expectConsistent(
        target,
        'get_account_transactions_with_transfers',
        'height and until_block against the history',
        [first, atHeight, upTo],
        findings,
      );
    });

    test('unanchored=true, limit=50', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      expectResponse(target, await call(p, { unanchored: 'true', limit: '50' }), {
        status: 200,
        because: 'unanchored and the largest page',
      });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      await expectNotModified(target, 'get_account_transactions_with_transfers', { path: { principal: p } });
    });
  });

  badRequestTests(
    target,
    'get_account_transactions_with_transfers',
    principal ? { path: { principal }, query: {} } : undefined,
    parameterExamples(worldViewOf(data)),
    'address with STX activity (`addresses.stx_activity`)',
  );

  describe('404 Not Found', () => {
    test('until_block=<an unknown hash>', async (ctx) => {
      requireWorld(ctx, target);
      const p = need(ctx, principal, 'address with STX activity', 'addresses.stx_activity');
      expectResponse(target, await call(p, { until_block: UNKNOWN_BLOCK_HASH }), {
        status: 404,
        because: 'an unknown until_block hash gives 404',
      });
    });
  });
});
