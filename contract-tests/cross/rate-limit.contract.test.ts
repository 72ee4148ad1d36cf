import { describe, test, type TestContext } from 'vitest';
import { need } from '../cases/common.ts';
import { validRequestOrSkip } from '../cases/valid-requests.ts';
import { expectResponse } from '../expect.ts';
import type { CallOptions, CallRequest, Exchange } from '../http/client.ts';
import { operations } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();

/**
 * Sends the request until the target answers 429, at most one more time than the limit allows;
 * every answer on the way is checked too (their rate-limit headers included).
 */
async function provoke(
  operationId: string,
  request: CallRequest,
  limit: number,
  options: CallOptions,
): Promise<Exchange> {
  let last: Exchange | undefined;
  for (let i = 0; i <= limit; i++) {
    last = await target.rateLimitClient.call(operationId, request, { ...options, provokeRateLimit: true });
    if (last.status === 429) break;
    expectResponse(target, last, { status: 200, because: `request ${i + 1} of at most ${limit} per minute` });
  }
  target.rateLimitClient.honourRetryAfter(last as Exchange);
  return last as Exchange;
}

describe('rate limits', () => {
  for (const op of operations) {
    const ready = (ctx: TestContext): CallRequest => {
      if (target.cannot.rateLimit) ctx.skip(target.cannot.rateLimit);
      return validRequestOrSkip(ctx, op.operationId, data);
    };

    describe(op.operationId, () => {
      describe('429 Too Many Requests', () => {
        test('past the per-minute limit without a key, with retry-after', async (ctx) => {
          const ex = await provoke(op.operationId, ready(ctx), target.rateLimit.anonymous, { apiKey: null });
          expectResponse(target, ex, {
            status: 429,
            because: `more than ${target.rateLimit.anonymous} requests a minute without a key give 429`,
          });
        });

        test('past the per-minute limit with a key, with retry-after', async (ctx) => {
          const base = ready(ctx);
          // A live keyed limit (500 a minute) is too costly to exhaust; the mock's is tiny.
          if (target.kind !== 'mock')
            ctx.skip('exhausting the keyed limit costs 500 requests: only against the in-process mock');
          const key = need(ctx, target.validKey, 'valid API key', 'set API_KEY (the key a run sends)');
          const ex = await provoke(op.operationId, base, target.rateLimit.keyed, { apiKey: key });
          expectResponse(target, ex, {
            status: 429,
            because: `more than ${target.rateLimit.keyed} requests a minute with a key give 429`,
          });
        });
      });
    });
  }
});
