import { addAmounts, type Amount } from '../world/amount.ts';
import type { Chain } from '../world/tables/chain.ts';
import {
  burnchainPayouts,
  type BurnchainPayouts,
  type BurnchainReward,
} from '../world/derive/burnchain-payouts.ts';
import type { RewardCycle } from '../world/derive/reward-sets.ts';
import { listingOf, type Listing } from './paging.ts';
import { perVersion, type Versioned } from './version-memo.ts';

/** A reward slot holder of a burn block: its address at its slot index. */
export interface SlotHolderRow {
  readonly block: BurnchainPayouts;
  readonly slotIndex: number;
  readonly address: string;
}

/** A PoX payout of a burn block, at its reward index. */
export interface RewardRow extends BurnchainReward {
  readonly block: BurnchainPayouts;
  readonly rewardIndex: number;
}

/**
 * The burn chain's PoX payouts as the real service's burnchain routes ask them: slot holders and
 * rewards, the newest burn block first and, within one, the highest index first (its
 * `ORDER BY burn_block_height DESC, … DESC`), all or one Bitcoin address's, and a recipient's
 * total. Derived once per version of the chain.
 */
export class BurnchainQueries {
  private readonly slotRows: () => SlotHolderRow[];
  private readonly rewardRows: () => RewardRow[];

  /** `source`'s version goes up whenever `chain` changes; `cycles` are its reward cycles. */
  constructor(source: Versioned, chain: () => Chain, cycles: () => readonly RewardCycle[]) {
    const payouts = perVersion(source, () => burnchainPayouts(chain(), cycles()).reverse());
    this.slotRows = perVersion(source, () =>
      payouts().flatMap((block) =>
        block.slotHolders.map((address, slotIndex) => ({ block, slotIndex, address })).reverse(),
      ),
    );
    this.rewardRows = perVersion(source, () =>
      payouts().flatMap((block) =>
        block.rewards.map((reward, rewardIndex) => ({ ...reward, block, rewardIndex })).reverse(),
      ),
    );
  }

  /** The slot holders, every address's or `address`'s (a Bitcoin address, as the chain reports it). */
  slotHolders(address?: string): Listing<SlotHolderRow> {
    const rows = this.slotRows();
    return listingOf(address === undefined ? rows : rows.filter((r) => r.address === address));
  }

  /** The payouts, every recipient's or `address`'s. */
  rewards(address?: string): Listing<RewardRow> {
    const rows = this.rewardRows();
    return listingOf(address === undefined ? rows : rows.filter((r) => r.recipient === address));
  }

  /** Satoshis paid to `address` in all; 0 when never paid. */
  rewardTotal(address: string): Amount {
    let total: Amount = 0;
    for (const r of this.rewardRows()) if (r.recipient === address) total = addAmounts(total, r.amount);
    return total;
  }
}
