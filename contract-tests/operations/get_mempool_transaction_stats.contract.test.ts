import { describe, test } from 'vitest';
import { expectNotModified, requireWorld } from '../cases/common.ts';
import { answerOf } from '../checks/answered-request.ts';
import { mempoolAgesWithinChain } from '../checks/mempool-ages-check.ts';
import { expectConsistent, expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();

describe('get_mempool_transaction_stats', () => {
  describe('200 OK', () => {
    test('the mempool statistics', async () => {
      const ex = await target.client.call('get_mempool_transaction_stats');
      expectResponse(target, ex, { status: 200, because: 'the statistics operation takes no parameters' });
    });

    test('its ages, in blocks, are bounded by the chain tip (mempool_ages_within_chain)', async (ctx) => {
      requireWorld(ctx, target);
      const stats = await target.client.call('get_mempool_transaction_stats');
      expectResponse(target, stats, { status: 200, because: 'the statistics operation takes no parameters' });
      const status = await target.client.call('get_status');
      expectResponse(target, status, { status: 200, because: 'the status takes no parameters' });
      expectConsistent(
        target,
        'get_mempool_transaction_stats',
        'its tx_ages against the status chain tip asked after it',
        [stats, status],
        mempoolAgesWithinChain.check(answerOf(stats), answerOf(status)),
      );
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async () => {
      await expectNotModified(target, 'get_mempool_transaction_stats', {});
    });
  });
});
