import { describe, test, type TestContext } from 'vitest';
import { expectNotModified } from '../cases/common.ts';
import { validCalls } from '../cases/valid-requests.ts';
import { expectResponse, expectRouteNotFound } from '../expect.ts';
import { isServed, operations, requestPath } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const release = target.release.profile?.version ?? target.release.version;

/**
 * Every operation of the spec, the successors and the wallet's routes included, asked each valid
 * request it declares (spec/valid-requests/) on what the target file lists and discovery found:
 * 200 where the target's release serves it (`x-releases`), its router's not-found where it does
 * not (a 404 with the router's body, not one of the operation's answers), and 304 for a
 * read's ETag where the spec documents one. A request that changes the chain is sent only to a
 * target whose file says it is a mock.
 */
describe('every operation', () => {
  for (const op of operations) {
    const calls = validCalls(op.operationId, data);
    const served = isServed(op.operationId);
    const ready = (ctx: TestContext) => calls.requests ?? ctx.skip(calls.skip);
    describe(op.operationId, () => {
      if (!served) {
        describe('404 Not Found', () => {
          test(`release ${release} does not serve it`, async (ctx) => {
            const [first] = ready(ctx);
            const ex = await target.client.call(op.operationId, first);
            expectRouteNotFound(
              target,
              ex,
              `release ${release} does not serve ${op.operationId} (x-releases: ${op.releases?.join(', ')}): its router's not-found`,
            );
          });
        });
        return;
      }
      describe('200 OK', () => {
        const count = calls.requests?.length ?? 1;
        for (let i = 0; i < count; i++) {
          const label = calls.requests
            ? requestPath(op, calls.requests[i]?.path ?? {}, calls.requests[i]?.query ?? {})
            : 'its declared request';
          test(`declared request ${i + 1}: ${op.method.toUpperCase()} ${label}`, async (ctx) => {
            const request = ready(ctx)[i];
            const ex = await target.client.call(op.operationId, request);
            expectResponse(target, ex, {
              status: 200,
              because: 'a valid request declared in spec/valid-requests/ on what the target showed',
            });
          });
        }
      });
      // Where the spec documents a 304: the stacks-node's routes, proxied, send no ETag.
      if (op.method === 'get' && '304' in op.responses)
        describe('304 Not Modified', () => {
          test('If-None-Match with the current ETag', async (ctx) => {
            const [first] = ready(ctx);
            await expectNotModified(target, op.operationId, first ?? {});
          });
        });
    });
  }
});
