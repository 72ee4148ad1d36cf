import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { normalizeHex } from '../operations/normalize.ts';

/**
 * What the real service computes a route's ETag from, before its handler runs (each route's
 * `preHandler`, both releases): the chain tip, the mempool's pending transactions, one
 * transaction, one block, or one principal's activity (confirmed, or with its pending
 * transactions too). When it finds nothing to compute one from (a principal the chain never saw,
 * an unknown transaction or block, an empty mempool) the answer has no ETag and keeps the
 * service's default `Cache-Control: no-store`, whatever its status.
 */
export type EtagStep = 'chain-tip' | 'mempool' | 'transaction' | 'block' | 'principal' | 'principal-mempool';

/** Each operation's step as the newest release takes it; an operation not named here follows the chain tip. */
const STEPS: Readonly<Record<string, EtagStep>> = {
  get_status: 'chain-tip',
  get_block: 'block',
  get_tx_list_details: 'mempool',
  get_mempool_transaction_stats: 'mempool',
  get_address_transaction_events: 'transaction',
  get_account_transactions_with_transfers: 'principal',
  get_account_balance: 'principal-mempool',
  get_single_transaction_with_transfers: 'transaction',
  get_transaction_by_id: 'transaction',
  get_account_nonces: 'principal-mempool',
  get_principal_transactions: 'principal',
  get_principal_transaction_balance_changes: 'transaction',
  get_principal_balance_changes: 'principal',
  get_principal_balances_stx: 'principal-mempool',
  get_principal_balances_ft: 'principal',
  get_principal_balance_ft: 'principal',
  get_principal_balances_nft: 'principal',
  get_address_transactions: 'principal',
  get_principal_stx_balance: 'principal',
  get_principal_ft_balances: 'principal',
  get_transaction: 'transaction',
  get_principal_nonces: 'principal-mempool',
};

/** A query parameter that, true, makes the operation's step count the principal's pending transactions too. */
const WITH_MEMPOOL: Readonly<Record<string, string>> = { get_principal_stx_balance: 'include_mempool' };

/** The request's values the step reads: validated, or as sent when validation refused them after their schemas passed. */
export interface StepRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * The step an operation takes for a request under a release: the newest release's, the chain tip
 * where the release says so, a principal's activity with its pending transactions where the
 * request asks for them.
 */
export function etagStepOf(operationId: string, release: ReleaseProfile, request: StepRequest): EtagStep {
  const param = WITH_MEMPOOL[operationId];
  const asked = param === undefined ? undefined : request.query[param];
  if (asked === true || asked === 'true') return 'principal-mempool';
  if (release.chainTipEtags.includes(operationId)) return 'chain-tip';
  return STEPS[operationId] ?? 'chain-tip';
}

/** Whether the step finds something to compute the ETag from, for this request in this world. */
export function etagFound(step: EtagStep, request: StepRequest, queries: WorldQueries): boolean {
  switch (step) {
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
