import { describe, test, type TestContext } from 'vitest';
import { validRequestOrSkip } from '../cases/valid-requests.ts';
import { expectResponse } from '../expect.ts';
import { operations } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();

/**
 * The documented 5XX, where the target can be asked for one: the mock answers
 * `Prefer: code=<status>` with that status and a body valid for it. A target without that
 * preference is not provoked, and the coverage matrix says why.
 */
describe('server errors', () => {
  for (const op of operations) {
    describe(op.operationId, () => {
      describe('5XX Server Error', () => {
        test('Prefer: code=500', async (ctx: TestContext) => {
          if (target.cannot.serverError) ctx.skip(target.cannot.serverError);
          const valid = validRequestOrSkip(ctx, op.operationId, data);
          const ex = await target.client.call(op.operationId, {
            ...valid,
            headers: { ...valid.headers, Prefer: 'code=500' },
          });
          expectResponse(target, ex, {
            status: 500,
            because: 'the mock answers Prefer: code=500 with the documented server error',
          });
        });
      });
    });
  }
});
