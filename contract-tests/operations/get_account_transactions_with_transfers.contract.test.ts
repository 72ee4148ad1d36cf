import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import {
  expectNotModified,
  need,
  parameterExamples,
  requireWorld,
  UNKNOWN_BLOCK_HASH,
} from '../cases/common.ts';
import { expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const principal = data.addresses.stx;
const block = data.blocks[0];
const call = (p: string, query: Record<string, string> = {}) =>
  target.client.call('get_account_transactions_with_transfers', { path: { principal: p }, query });

describe('get_account_transactions_with_transfers', () => {
  describe('200 OK', () => {
    test('an address with STX activity', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      expectResponse(target, await call(p), { status: 200, because: 'a valid principal' });
    });

    test('a contract principal', async (ctx) => {
      const p = need(ctx, data.addresses.contract, 'contract principal');
      expectResponse(target, await call(p), { status: 200, because: 'a contract identifier is a principal' });
    });

    test('height=<a known block>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      const b = need(ctx, block, 'block');
      expectResponse(target, await call(p, { height: String(b.height) }), {
        status: 200,
        because: 'height selects one block',
      });
    });

    test('until_block=<a known hash>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      const b = need(ctx, block, 'block');
      expectResponse(target, await call(p, { until_block: b.hash }), {
        status: 200,
        because: 'until_block may be a known block hash',
      });
    });

    test('until_block=<a height>', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      const b = need(ctx, block, 'block');
      expectResponse(target, await call(p, { until_block: String(Math.max(1, b.height)) }), {
        status: 200,
        because: 'until_block may be a positive height',
      });
    });

    test('unanchored=true, limit=50', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      expectResponse(target, await call(p, { unanchored: 'true', limit: '50' }), {
        status: 200,
        because: 'unanchored and the largest page',
      });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const p = need(ctx, principal, 'address with STX activity');
      await expectNotModified(target, 'get_account_transactions_with_transfers', { path: { principal: p } });
    });
  });

  badRequestTests(
    target,
    'get_account_transactions_with_transfers',
    principal ? { path: { principal }, query: {} } : undefined,
    parameterExamples(data, {}),
    'an address with STX activity',
  );

  describe('404 Not Found', () => {
    test('until_block=<an unknown hash>', async (ctx) => {
      requireWorld(ctx, target);
      const p = need(ctx, principal, 'address with STX activity');
      expectResponse(target, await call(p, { until_block: UNKNOWN_BLOCK_HASH }), {
        status: 404,
        because: 'an unknown until_block hash gives 404',
      });
    });
  });
});
