import type { TxTable } from '../tables/tx-table.ts';
import { derivedHex } from './derived-bytes.ts';

/** Burn height at which STX locked at `burnHeight` for `lockPeriod` reward cycles unlock. */
export function unlockBurnHeight(burnHeight: number, lockPeriod: number, cycleLength: number): number {
  const cycleStart = burnHeight - (burnHeight % cycleLength);
  return cycleStart + (lockPeriod + 1) * cycleLength;
}

/** A lock holds while the burn chain has not passed its unlock height (the real service uses >=). */
export function lockActive(unlockHeight: number, burnHeight: number): boolean {
  return unlockHeight >= burnHeight;
}

/** The reward cycle a burn height is in, as `unlockBurnHeight` counts cycles. */
export function cycleOf(burnHeight: number, cycleLength: number): number {
  return Math.floor(burnHeight / cycleLength);
}

/** The signer key a stack-stx transaction names (its `signer-key` argument): a pure function of its id. */
export function signerKeyOf(table: TxTable, tx: number): string {
  return `0x02${derivedHex(table, tx, 2, 32).slice(2)}`;
}
