import { describe, test } from 'vitest';
import { expectNotModified } from '../cases/common.ts';
import { expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();

describe('get_status', () => {
  describe('200 OK', () => {
    test('the service status', async () => {
      const ex = await target.client.call('get_status');
      expectResponse(target, ex, { status: 200, because: 'the status operation takes no parameters' });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async () => {
      await expectNotModified(target, 'get_status', {});
    });
  });
});
