import type { TestContext } from 'vitest';
import { expectResponse } from '../expect.ts';
import type { CallRequest } from '../http/client.ts';
import type { ContractTarget } from '../target.ts';

/** Ids no chain has: 32 bytes of a fixed pattern. */
export const UNKNOWN_TX_ID = `0x${'deadbeef'.repeat(8)}`;
export const UNKNOWN_BLOCK_HASH = `0x${'0badc0de'.repeat(8)}`;

export const NEEDS_WORLD =
  'needs a coherent world: this target answers canned examples (Prism), not a chain whose answers agree';

export function requireWorld(ctx: TestContext, target: ContractTarget): void {
  if (!target.coherent) ctx.skip(NEEDS_WORLD);
}

/**
 * The value, or the test is skipped saying what is missing and how to supply it: `field` is the
 * target file's field that lists it (discovery found none on this target), or, for what no target
 * file holds, the words that say how to get it.
 */
export function need<T>(ctx: TestContext, value: T | undefined, what: string, field: string): T {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) {
    ctx.skip(
      field.includes(' ')
        ? `no ${what}: ${field}`
        : `no ${what}: discovery found none in this target's answers; list one in the target file's \`${field}\``,
    );
  }
  return value as T;
}

/**
 * 304: the spec documents it for every operation. A 200 is fetched for its ETag, then the same
 * request with `If-None-Match` must give 304 without a body.
 */
export async function expectNotModified(
  target: ContractTarget,
  operationId: string,
  request: CallRequest,
): Promise<void> {
  const first = await target.client.call(operationId, request);
  expectResponse(target, first, { status: 200, because: 'a valid request (fetched for its ETag)' });
  const etag = first.headers.etag as string;
  const again = await target.client.call(operationId, {
    ...request,
    headers: { ...request.headers, 'If-None-Match': etag },
  });
  expectResponse(target, again, {
    status: 304,
    because: `If-None-Match carries the ETag ${etag} of the current body`,
  });
}
