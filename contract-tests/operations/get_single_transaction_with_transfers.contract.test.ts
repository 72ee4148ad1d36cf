import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import { worldViewOf } from '../cases/world-view.ts';
import { parameterExamples } from '../../spec/valid-requests/valid-requests.ts';
import { expectNotModified, need, requireWorld, UNKNOWN_TX_ID } from '../cases/common.ts';
import { expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const pairs = data.addressTransactions;
const pair = pairs[0];
function call(principal: string, txId: string) {
  return target.client.call('get_single_transaction_with_transfers', { path: { principal, tx_id: txId } });
}

describe('get_single_transaction_with_transfers', () => {
  describe('200 OK', () => {
    for (const kind of ['stx', 'ft', 'nft'] as const) {
      test(`a transaction with ${kind} transfers of the principal`, async (ctx) => {
        const p = need(
          ctx,
          pairs.find((x) => x.events?.includes(kind)),
          `address transaction with ${kind} events`,
          'addressTransactions',
        );
        expectResponse(target, await call(p.address, p.tx_id), {
          status: 200,
          because: 'the transaction concerns the principal',
        });
      });
    }

    test('a bare 64-hex tx id (no 0x)', async (ctx) => {
      const p = need(ctx, pair, 'address transaction', 'addressTransactions');
      expectResponse(target, await call(p.address, p.tx_id.slice(2)), {
        status: 200,
        because: 'a bare 64-hex id without 0x is accepted',
      });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const p = need(ctx, pair, 'address transaction', 'addressTransactions');
      await expectNotModified(target, 'get_single_transaction_with_transfers', {
        path: { principal: p.address, tx_id: p.tx_id },
      });
    });
  });

  badRequestTests(
    target,
    'get_single_transaction_with_transfers',
    pair ? { path: { principal: pair.address, tx_id: pair.tx_id }, query: {} } : undefined,
    parameterExamples(worldViewOf(data), pair),
    'address transaction (`addressTransactions`)',
  );

  describe('404 Not Found', () => {
    test('an unknown transaction', async (ctx) => {
      requireWorld(ctx, target);
      const address = need(
        ctx,
        pair?.address ?? data.addresses.stx_activity,
        'address',
        'addressTransactions',
      );
      expectResponse(target, await call(address, UNKNOWN_TX_ID), {
        status: 404,
        because: 'an unknown transaction gives 404 No matching transaction found',
      });
    });

    test('a transaction that does not concern the principal', async (ctx) => {
      requireWorld(ctx, target);
      const u = need(ctx, data.unrelated, 'unrelated transaction', 'unrelatedTransaction');
      expectResponse(target, await call(u.address, u.tx_id), {
        status: 404,
        because: 'a transaction unrelated to the principal gives 404',
      });
    });
  });
});
