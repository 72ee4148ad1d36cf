import type { Amount } from '../amount.ts';

/** Part of a genesis account's STX that unlocks at a block height (a vesting schedule's step). */
export interface VestingEntry {
  readonly amount: Amount;
  readonly blockHeight: number;
}
