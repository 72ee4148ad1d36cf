import type { AddressIndex } from './address-index.ts';
import { addAmounts, subtractAmounts, type Amount } from '../world/amount.ts';
import { burnHeightAt, feePayer, type Chain } from '../world/tables/chain.ts';
import type { VestingEntry } from '../world/tables/vesting.ts';
import { eventsOf } from '../world/derive/events.ts';
import { EventKind } from '../world/tables/kinds.ts';
import type { MinerRewards } from '../world/derive/miner-rewards.ts';
import { lockActive } from '../world/derive/pox.ts';

export interface AssetTotals {
  sent: Amount;
  received: Amount;
}

/** What a principal holds of an asset: what it received less what it sent. */
export function heldOf(totals: AssetTotals): Amount {
  return subtractAmounts(totals.received, totals.sent);
}

export interface LockState {
  readonly tx: number;
  readonly amount: Amount;
  readonly height: number;
  readonly burnHeight: number;
  readonly unlockHeight: number;
}

export interface BalanceFacts {
  readonly balance: Amount;
  readonly totalSent: Amount;
  readonly totalReceived: Amount;
  readonly totalFees: Amount;
  readonly minerRewards: number;
  /** The latest lock still holding at the reference block's burn height. */
  readonly lock: LockState | undefined;
  /** Keyed by contract table index. */
  readonly ft: ReadonlyMap<number, AssetTotals>;
  readonly nft: ReadonlyMap<number, AssetTotals>;
}

/**
 * A principal's balances counting every mined transaction at or below `height` (the tip plus one
 * takes in the unanchored transactions), the way the real service sums its event tables.
 */
export function balanceFacts(
  chain: Chain,
  index: AddressIndex,
  rewards: MinerRewards,
  principal: number,
  height: number,
): BalanceFacts {
  let totalSent: Amount = 0;
  let totalReceived: Amount = 0;
  let totalFees: Amount = 0;
  let lock: LockState | undefined;
  const ft = new Map<number, AssetTotals>();
  const nft = new Map<number, AssetTotals>();
  const referenceBurnHeight = burnHeightAt(chain, height);
  for (const tx of index.slice(principal, 0, height)) {
    if (feePayer(chain.txs, tx) === principal) totalFees = addAmounts(totalFees, chain.txs.fee.at(tx));
    for (const e of eventsOf(chain, tx)) {
      const sent = e.sender === principal;
      const received = e.recipient === principal;
      if (!sent && !received) continue;
      if (e.kind <= EventKind.StxBurn) {
        if (sent) totalSent = addAmounts(totalSent, e.amount);
        if (received) totalReceived = addAmounts(totalReceived, e.amount);
      } else if (e.kind <= EventKind.NftBurn) {
        const totals = e.kind <= EventKind.FtBurn ? ft : nft;
        const moved = e.kind <= EventKind.FtBurn ? e.amount : 1;
        const entry = totals.get(e.contract) ?? { sent: 0, received: 0 };
        if (sent) entry.sent = addAmounts(entry.sent, moved);
        if (received) entry.received = addAmounts(entry.received, moved);
        totals.set(e.contract, entry);
      } else if (e.kind === EventKind.StxLock && sent && lockActive(e.unlockHeight, referenceBurnHeight)) {
        const lockHeight = chain.txs.height[tx] as number;
        lock = {
          tx,
          amount: e.amount,
          height: lockHeight,
          burnHeight: burnHeightAt(chain, lockHeight),
          unlockHeight: e.unlockHeight,
        };
      }
    }
  }
  const minerRewards = rewards.receivedBy(principal, height);
  return {
    balance: addAmounts(subtractAmounts(subtractAmounts(totalReceived, totalSent), totalFees), minerRewards),
    totalSent,
    totalReceived,
    totalFees,
    minerRewards,
    lock,
    ft,
    nft,
  };
}

export interface VestingFacts {
  readonly totalLocked: Amount;
  readonly totalUnlocked: Amount;
  readonly schedule: readonly VestingEntry[];
}

/** Token-offering vesting of a principal as seen at `height`; undefined without a schedule. */
export function vestingFacts(chain: Chain, principal: number, height: number): VestingFacts | undefined {
  const schedule = chain.vesting.get(principal);
  if (!schedule) return undefined;
  let totalLocked: Amount = 0;
  let totalUnlocked: Amount = 0;
  for (const entry of schedule) {
    if (entry.blockHeight > height) totalLocked = addAmounts(totalLocked, entry.amount);
    else totalUnlocked = addAmounts(totalUnlocked, entry.amount);
  }
  return { totalLocked, totalUnlocked, schedule };
}
