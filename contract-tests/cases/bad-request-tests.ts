import { describe, test } from 'vitest';
import { expectResponse } from '../expect.ts';
import { operation } from '../spec-context.ts';
import type { ContractTarget } from '../target.ts';
import { badRequestCases, type ValidRequest } from './bad-requests.ts';

/**
 * Registers one test per 400 the spec implies for the operation (see `badRequestCases`), each
 * sent on its own so a failure names exactly the parameter the target failed to check.
 * `valid` is undefined when the target lacks the data for a valid request; `missing` says what.
 */
export function badRequestTests(
  target: ContractTarget,
  operationId: string,
  valid: ValidRequest | undefined,
  examples: Record<string, string[]>,
  missing = 'a valid request to start from',
): void {
  describe('400 Bad Request', () => {
    if (!valid) {
      test('every parameter bound, pattern, format and conflict', (ctx) =>
        ctx.skip(
          `no ${missing}: discovery found none in this target's answers; supply it in the target file`,
        ));
      return;
    }
    for (const { name, path, query, because } of badRequestCases(operation(operationId), valid, examples)) {
      test(name, async () => {
        const ex = await target.client.call(operationId, { path, query });
        expectResponse(target, ex, { status: 400, because });
      });
    }
  });
}
