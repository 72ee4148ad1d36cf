import { AnchorMode, PcFlag, Status } from './kinds.ts';
import type { TxTable } from './tx-table.ts';

// A transaction's `flags` byte: bits 0-1 its anchor mode, then the post-condition bits
// (`PcFlag`). These are the only readers and writers of those bits.

/** Bits 0-1. */
const ANCHOR_BITS = 3;

/**
 * The flags byte of a transaction with this anchor mode, post-condition mode deny or not, a world
 * file's `PcFlag` bits, and drafted to end with `status` (an abort by post-condition carries
 * conditions its movement violates: `PcFlag.Violated`).
 */
export function packTxFlags(anchorMode: AnchorMode, deny: boolean, pcFlags = 0, status?: Status): number {
  const violated = status === Status.AbortByPostCondition ? PcFlag.Violated : 0;
  return anchorMode | (deny ? PcFlag.Deny : 0) | pcFlags | violated;
}

/** Whether its derived post-conditions are ones its movement violates (`PcFlag.Violated`). */
export function violatesConditions(table: TxTable, tx: number): boolean {
  return ((table.flags[tx] as number) & PcFlag.Violated) !== 0;
}

/** The anchor mode bits (0 where none was set, read as on-chain only). */
export function anchorModeOf(table: TxTable, tx: number): number {
  return (table.flags[tx] as number) & ANCHOR_BITS;
}

/** `post_condition_mode`: originator (v9's) wins over deny; else allow. */
export function postConditionModeOf(table: TxTable, tx: number): 'originator' | 'deny' | 'allow' {
  const flags = table.flags[tx] as number;
  return flags & PcFlag.Originator ? 'originator' : flags & PcFlag.Deny ? 'deny' : 'allow';
}

/** Whether a world file gave the transaction post-conditions beside the derived ones (`staking`, `pox`). */
export function declaresConditions(table: TxTable, tx: number): boolean {
  return ((table.flags[tx] as number) & (PcFlag.Staking | PcFlag.Pox)) !== 0;
}

/** Whether a world file gave the transaction a `staking` post-condition on its sender. */
export function declaresStakingCondition(table: TxTable, tx: number): boolean {
  return ((table.flags[tx] as number) & PcFlag.Staking) !== 0;
}

/** Whether a world file gave the transaction a `pox` post-condition on its sender. */
export function declaresPoxCondition(table: TxTable, tx: number): boolean {
  return ((table.flags[tx] as number) & PcFlag.Pox) !== 0;
}

/** Whether its NFT post-condition is `maybe_sent` instead of `sent`. */
export function nftConditionMaybeSent(table: TxTable, tx: number): boolean {
  return ((table.flags[tx] as number) & PcFlag.MaybeSent) !== 0;
}
