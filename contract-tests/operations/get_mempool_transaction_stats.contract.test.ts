import { describe, test } from 'vitest';
import { expectNotModified } from '../cases/common.ts';
import { expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();

describe('get_mempool_transaction_stats', () => {
  describe('200 OK', () => {
    test('the mempool statistics', async () => {
      const ex = await target.client.call('get_mempool_transaction_stats');
      expectResponse(target, ex, { status: 200, because: 'the statistics operation takes no parameters' });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async () => {
      await expectNotModified(target, 'get_mempool_transaction_stats', {});
    });
  });
});
