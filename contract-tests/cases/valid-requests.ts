import type { TestContext } from 'vitest';
import { changesChain, stringParams, validRequests } from '../../spec/valid-requests/valid-requests.ts';
import type { CallRequest } from '../http/client.ts';
import { operations } from '../spec-context.ts';
import type { TargetData } from '../targets/discover.ts';
import { missingFacts, worldViewOf } from './world-view.ts';

/** The operation's declared valid requests on this target, or why there is none (the skip reason). */
export type ValidCalls =
  { requests: CallRequest[]; skip?: undefined } | { requests?: undefined; skip: string };

/** Why a request that changes the chain is not sent to a target whose file does not say it is a mock. */
export const CHAIN_UNCHANGED =
  "changes the target's chain: sent only to a target whose file says it is a mock (`mock: true`); a suite never changes a staging target's chain";

/** Why an operation the real service forwards to its stacks-node is not asked of a target without one. */
export const NO_STACKS_NODE =
  'is forwarded to a stacks-node (`x-stacks-node` in the spec) and the target file says none answers behind this target (`stacksNode: false`)';

/**
 * Every valid request declared for the operation (spec/valid-requests/), built on what the target
 * file lists and discovery found; the first is the plainest.
 */
export function validCalls(operationId: string, data: TargetData): ValidCalls {
  if (changesChain(operationId) && !data.mock) return { skip: `${operationId} ${CHAIN_UNCHANGED}` };
  if (data.noStacksNode && operations.find((o) => o.operationId === operationId)?.stacksNode)
    return { skip: `${operationId} ${NO_STACKS_NODE}` };
  const built = validRequests(operationId, worldViewOf(data));
  if (built.missing)
    return { skip: `no valid request for ${operationId}: this target lacks ${missingFacts(built.missing)}` };
  return {
    requests: built.requests.map((r) => ({
      ...stringParams(r),
      ...(r.body === undefined ? {} : { body: r.body, headers: { 'Content-Type': 'application/json' } }),
    })),
  };
}

/**
 * A simple valid request per operation, or why there is none. Used where any valid request will
 * do (keys, rate limits, deprecation, server errors).
 */
export function validRequest(operationId: string, data: TargetData): CallRequest | string {
  const calls = validCalls(operationId, data);
  return calls.requests?.[0] ?? calls.skip ?? `no valid request declared for ${operationId}`;
}

/** The operation's first valid request, or the test is skipped saying why there is none. */
export function validRequestOrSkip(ctx: TestContext, operationId: string, data: TargetData): CallRequest {
  const request = validRequest(operationId, data);
  return typeof request === 'string' ? ctx.skip(request) : request;
}
