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
function call(address: string, txId: string, query: Record<string, string> = {}) {
  return target.client.call('get_address_transaction_events', { path: { address, tx_id: txId }, query });
}

describe('get_address_transaction_events', () => {
  describe('200 OK', () => {
    for (const kind of ['stx', 'ft', 'nft'] as const) {
      test(`a transaction with ${kind} events of the address`, async (ctx) => {
        const p = need(
          ctx,
          pairs.find((x) => x.events?.includes(kind)),
          `address transaction with ${kind} events`,
          'addressTransactions',
        );
        expectResponse(target, await call(p.address, p.tx_id), {
          status: 200,
          because: 'the address has events in this transaction',
        });
      });
    }

    test('the tx id without 0x, in upper case', async (ctx) => {
      const p = need(ctx, pair, 'address transaction', 'addressTransactions');
      expectResponse(target, await call(p.address, p.tx_id.slice(2).toUpperCase()), {
        status: 200,
        because: 'tx_id may come without 0x, in any case (TxIdPath)',
      });
    });

    test('a transaction that does not concern the address: no results', async (ctx) => {
      requireWorld(ctx, target);
      const u = need(ctx, data.unrelated, 'unrelated transaction', 'unrelatedTransaction');
      const ex = await call(u.address, u.tx_id);
      const results = (ex.body as { results?: unknown[] } | undefined)?.results;
      const findings =
        Array.isArray(results) && results.length > 0
          ? [
              {
                where: 'body results',
                expected: 'empty: the transaction exists but does not concern the address',
                actual: `${results.length} events`,
              },
            ]
          : [];
      expectResponse(
        target,
        ex,
        {
          status: 200,
          because: 'a transaction that exists but does not concern the address gives 200 with empty results',
        },
        findings,
      );
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const p = need(ctx, pair, 'address transaction', 'addressTransactions');
      await expectNotModified(target, 'get_address_transaction_events', {
        path: { address: p.address, tx_id: p.tx_id },
      });
    });
  });

  badRequestTests(
    target,
    'get_address_transaction_events',
    pair ? { path: { address: pair.address, tx_id: pair.tx_id }, query: {} } : undefined,
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
        because: 'an unknown transaction gives 404 Transaction not found',
      });
    });
  });
});
