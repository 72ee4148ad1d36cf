import type { EtagStep, Operation } from '../../spec/document.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { normalizeHex } from '../operations/normalize.ts';

/** The request's values the step reads: validated, or as sent when validation refused them after their schemas passed. */
export interface StepRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * The step the operation takes for a request: its `x-etag` as the release serves the operation
 * (`operationAsOf`), a principal's activity with its pending transactions where the request asks
 * for them; none for an operation without one. When the step finds nothing to compute an ETag
 * from (a principal the chain never saw, an unknown transaction or block, an empty mempool) the
 * answer has none and keeps the service's default `Cache-Control: no-store`, whatever its status.
 */
export function etagStepOf(op: Operation, request: StepRequest): EtagStep | undefined {
  const { etag } = op;
  if (!etag) return undefined;
  const asked = etag.withMempoolParam === undefined ? undefined : request.query[etag.withMempoolParam];
  return asked === true || asked === 'true' ? 'principal-mempool' : etag.from;
}

/** Whether the step finds something to compute the ETag from, for this request in this world. */
export function etagFound(step: EtagStep | undefined, request: StepRequest, queries: WorldQueries): boolean {
  switch (step) {
    case undefined:
      return false;
    case 'chain-tip':
      return true;
    case 'mempool':
      return queries.hasPendingTx();
    case 'transaction':
      return queries.knowsTx(normalizeHex(String(request.path.tx_id ?? '')));
    case 'block':
      return blockFound(request.path.height_or_hash, queries);
    case 'principal':
    case 'principal-mempool': {
      const principal = request.path.principal ?? request.path.address;
      return typeof principal === 'string' && queries.hasActivity(principal, step === 'principal-mempool');
    }
  }
}

function blockFound(ref: unknown, queries: WorldQueries): boolean {
  if (ref === 'latest') return queries.blockHeight({ latest: true }) !== undefined;
  if (typeof ref === 'number' || (typeof ref === 'string' && /^\d+$/.test(ref)))
    return queries.blockHeight({ height: Number(ref) }) !== undefined;
  return typeof ref === 'string' && queries.blockHeight({ hash: normalizeHex(ref) }) !== undefined;
}
