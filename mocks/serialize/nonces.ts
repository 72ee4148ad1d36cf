import { bigAmount, subtractAmounts, type Amount } from '../world/amount.ts';
import type { BalanceFacts } from '../query/balances.ts';
import type { NonceFacts } from '../query/nonces.ts';
import type { AccountData, AddressNonces, PrincipalNonces } from './types.ts';

/**
 * `/nonces` as the real service computes it: the next nonce is one past the higher of the mined
 * and pending ones; only when the pending one is more than one past the mined one are the nonces
 * between them reported: the missing ones highest first, the pending ones lowest first (the real
 * service lists the first from its loop down, the second as its query returns them, ascending).
 */
export function serializeNonces(facts: NonceFacts): AddressNonces {
  const { lastExecuted, lastMempool } = facts;
  const none = lastExecuted === null && lastMempool === null;
  const missing: number[] = [];
  const detected: number[] = [];
  if (lastExecuted !== null && lastMempool !== null && lastMempool - lastExecuted > 1) {
    const pending = new Set(facts.mempool);
    for (let n = lastMempool - 1; n > lastExecuted; n--) (pending.has(n) ? detected : missing).push(n);
  }
  detected.reverse();
  return {
    last_mempool_tx_nonce: lastMempool,
    last_executed_tx_nonce: lastExecuted,
    possible_next_nonce: none ? 0 : Math.max(lastExecuted ?? 0, lastMempool ?? 0) + 1,
    detected_missing_nonces: missing,
    detected_mempool_nonces: detected,
  };
}

/** v3's `/nonces`: the same numbers as `serializeNonces`, under v3's names. */
export function serializePrincipalNonces(facts: NonceFacts): PrincipalNonces {
  const n = serializeNonces(facts);
  return {
    next_nonce: n.possible_next_nonce,
    last_confirmed_nonce: n.last_executed_tx_nonce,
    mempool: {
      last_nonce: n.last_mempool_tx_nonce,
      pending_nonces: n.detected_mempool_nonces,
      missing_nonces: n.detected_missing_nonces,
    },
  };
}

/**
 * The stacks-node's account record: the unlocked and locked micro-STX as u128 hex, the lock's
 * unlock burn height (0 when none), the next nonce its anchored transactions leave.
 */
export function serializeAccount(balance: BalanceFacts, nonces: NonceFacts): AccountData {
  const locked = balance.lock?.amount ?? 0;
  return {
    balance: u128(subtractAmounts(balance.balance, locked)),
    locked: u128(locked),
    unlock_height: balance.lock?.unlockHeight ?? 0,
    nonce: nonces.lastAnchored === null ? 0 : nonces.lastAnchored + 1,
  };
}

/** A u128 as the node writes one: `0x` and 32 hex digits, big-endian. */
function u128(value: Amount): string {
  return `0x${(value > 0 ? bigAmount(value) : 0n).toString(16).padStart(32, '0')}`;
}
