import { describe, test, type TestContext } from 'vitest';
import { validRequestOrSkip } from '../cases/valid-requests.ts';
import { expectResponse } from '../expect.ts';
import { operations } from '../spec-context.ts';
import { contractTarget, INVALID_KEY } from '../target.ts';

const target = await contractTarget();
const data = await target.data();

describe('api keys', () => {
  for (const op of operations) {
    const ready = (ctx: TestContext) => validRequestOrSkip(ctx, op.operationId, data);

    describe(op.operationId, () => {
      describe('401 Unauthorized', () => {
        test('no key where one is required', async (ctx) => {
          if (target.cannot.unauthorized) ctx.skip(target.cannot.unauthorized);
          const ex = await target.authClient.call(op.operationId, ready(ctx), { apiKey: null });
          expectResponse(target, ex, {
            status: 401,
            because: 'a missing key where one is required gives 401',
          });
        });
      });

      describe('403 Forbidden', () => {
        test('a key the target does not know', async (ctx) => {
          if (target.cannot.forbidden) ctx.skip(target.cannot.forbidden);
          const ex = await target.authClient.call(op.operationId, ready(ctx), { apiKey: INVALID_KEY });
          expectResponse(target, ex, { status: 403, because: 'an invalid key gives 403' });
        });
      });

      describe('200 OK', () => {
        test('a valid key is accepted', async (ctx) => {
          const key = target.validKey ?? ctx.skip('no valid API key: set API_KEY');
          const ex = await target.authClient.call(op.operationId, ready(ctx), { apiKey: key });
          expectResponse(target, ex, { status: 200, because: 'a valid key is accepted' });
        });
      });
    });
  }
});
