import { heldOf, type BalanceFacts, type VestingFacts } from '../query/balances.ts';
import { addAmounts, subtractAmounts } from '../world/amount.ts';
import { contractAt, type Chain } from '../world/tables/chain.ts';
import type { MempoolDelta } from '../query/mempool-deltas.ts';
import { txIdOf } from './transaction.ts';
import type { Balances, PrincipalStxBalanceV2, StxBalance } from './types.ts';

/**
 * The balances response. `mempool` is given only for the current state (no until_block), which is
 * when the real service adds the estimated and pending fields.
 */
export function serializeBalances(
  chain: Chain,
  facts: BalanceFacts,
  mempool: MempoolDelta | undefined,
  vesting: VestingFacts | undefined,
): Balances {
  const stx: StxBalance = {
    balance: String(facts.balance),
    ...pendingStx(facts, mempool),
    total_sent: String(facts.totalSent),
    total_received: String(facts.totalReceived),
    total_fees_sent: String(facts.totalFees),
    total_miner_rewards_received: String(facts.minerRewards),
    ...stxLock(chain, facts),
  };
  const balances: Balances = {
    stx,
    fungible_tokens: {},
    non_fungible_tokens: {},
  };
  for (const [contract, totals] of sortedByAsset(chain, facts.ft)) {
    balances.fungible_tokens[contract] = {
      balance: String(heldOf(totals)),
      total_sent: String(totals.sent),
      total_received: String(totals.received),
    };
  }
  for (const [contract, totals] of sortedByAsset(chain, facts.nft)) {
    balances.non_fungible_tokens[contract] = {
      count: String(heldOf(totals)),
      total_sent: String(totals.sent),
      total_received: String(totals.received),
    };
  }
  if (vesting) {
    balances.token_offering_locked = {
      total_locked: String(vesting.totalLocked),
      total_unlocked: String(vesting.totalUnlocked),
      unlock_schedule: vesting.schedule.map((e) => ({
        amount: String(e.amount),
        block_height: e.blockHeight,
      })),
    };
  }
  return balances;
}

/** Asset identifiers in case-insensitive order, as the real service sorts them. */
export function sortedByAsset<T>(chain: Chain, byContract: ReadonlyMap<number, T>): [string, T][] {
  const entries = [...byContract].map(([c, totals]): [string, T] => [contractAt(chain, c).assetId, totals]);
  return entries.sort(([a], [b]) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });
}

/** The v2 address STX balance: operation 7's STX object without the sent and received totals. */
export function serializeStxBalanceV2(
  chain: Chain,
  facts: BalanceFacts,
  mempool: MempoolDelta | undefined,
): PrincipalStxBalanceV2 {
  return {
    balance: String(facts.balance),
    ...pendingStx(facts, mempool),
    total_miner_rewards_received: String(facts.minerRewards),
    ...stxLock(chain, facts),
  };
}

/** The estimated and pending fields, present only when the mempool's delta is asked for. */
function pendingStx(facts: BalanceFacts, mempool: MempoolDelta | undefined): Partial<StxBalance> {
  return mempool
    ? {
        estimated_balance: String(
          subtractAmounts(addAmounts(facts.balance, mempool.inbound), mempool.outbound),
        ),
        pending_balance_inbound: String(mempool.inbound),
        pending_balance_outbound: String(mempool.outbound),
      }
    : {};
}

/** The STX lock fields, empty values when the principal has no lock. */
function stxLock(chain: Chain, facts: BalanceFacts) {
  const lock = facts.lock;
  return {
    lock_tx_id: lock ? txIdOf(chain.txs, lock.tx) : '',
    locked: String(lock?.amount ?? 0),
    lock_height: lock?.height ?? 0,
    burnchain_lock_height: lock?.burnHeight ?? 0,
    burnchain_unlock_height: lock?.unlockHeight ?? 0,
  };
}
