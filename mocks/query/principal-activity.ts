import { compareAmounts, type Amount } from '../world/amount.ts';
import { contractAt, txIndexOf, type Chain } from '../world/tables/chain.ts';
import { EventKind } from '../world/tables/kinds.ts';
import { forEachEvent } from '../world/derive/events.ts';
import type { AddressIndex } from './address-index.ts';
import { heldOf, type AssetTotals } from './balances.ts';
import type { TxBalanceChanges } from '../world/derive/balance-changes.ts';

/** The real service's microblock_sequence of a transaction mined outside any microblock. */
export const NO_MICROBLOCK_SEQUENCE = 2147483647;

/** Where a mined transaction sits, as the real service orders and names it in its cursors. */
export interface TxPosition {
  readonly height: number;
  readonly sequence: number;
  readonly txIndex: number;
}

export function txPosition(chain: Chain, tx: number): TxPosition {
  const micro = chain.txs.micro.at(tx);
  return {
    height: chain.txs.height[tx] as number,
    sequence: chain.microblocks.has(micro)
      ? (chain.microblocks.sequence[micro] as number)
      : NO_MICROBLOCK_SEQUENCE,
    txIndex: txIndexOf(chain, tx),
  };
}

/** Orders positions as the real service does (height, then microblock sequence, then index). */
export function comparePositions(a: TxPosition, b: TxPosition): number {
  return a.height - b.height || a.sequence - b.sequence || a.txIndex - b.txIndex;
}

/** One NFT instance: its token's contract and its id. */
export interface NftInstance {
  readonly contract: number;
  readonly id: number;
  /** The mined transaction whose event gave the principal the instance, and that event's index in it. */
  readonly tx: number;
  readonly event: number;
}

/** The NFT instances the principal owns after the anchored blocks up to `height`. */
export function nftHoldings(
  chain: Chain,
  index: AddressIndex,
  principal: number,
  height: number,
): NftInstance[] {
  if (principal < 0) return [];
  const held = new Map<string, NftInstance>();
  for (const tx of index.slice(principal, 0, height)) {
    let event = 0;
    forEachEvent(chain, tx, (kind, sender, recipient, contract, amount) => {
      const at = event++;
      if (kind < EventKind.NftTransfer || kind > EventKind.NftBurn) return;
      const key = `${contract}:${amount}`;
      if (sender === principal) held.delete(key);
      if (recipient === principal) held.set(key, { contract, id: Number(amount), tx, event: at });
    });
  }
  return [...held.values()];
}

/** The PoX version of a lock, from its contract's name (`pox-4` is 4, `pox` is 1). */
export function poxVersionOf(chain: Chain, tx: number): number {
  const name = contractAt(chain, chain.txs.contract[tx] as number).name;
  const version = /^pox-(\d+)$/.exec(name)?.[1];
  return version === undefined ? 1 : Number(version);
}

/** A position as the real service writes it in a cursor: `height:sequence:index`. */
export function positionKey(p: TxPosition): string {
  return `${p.height}:${p.sequence}:${p.txIndex}`;
}

/** The real service's tags of an asset in its balance-change rows and cursors. */
export const AssetType = { Stx: 1, Ft: 2, Nft: 3 } as const;
export type AssetType = (typeof AssetType)[keyof typeof AssetType];

/** One asset's change in one transaction for one principal; `identifier` is `stx` for STX. */
export interface BalanceChangeRow {
  readonly assetType: AssetType;
  readonly identifier: string;
  readonly sent: Amount;
  readonly received: Amount;
}

/** The changes as the real service lists them: STX, FT, NFT, each by identifier. */
export function balanceChangeRows(chain: Chain, changes: TxBalanceChanges): BalanceChangeRow[] {
  const rows: BalanceChangeRow[] = [];
  if (changes.stx) rows.push({ assetType: AssetType.Stx, identifier: 'stx', ...changes.stx });
  for (const t of changes.tokens) {
    rows.push({
      assetType: t.asset === 'ft' ? AssetType.Ft : AssetType.Nft,
      identifier: contractAt(chain, t.contract).assetId,
      sent: t.sent,
      received: t.received,
    });
  }
  return rows.sort((a, b) => a.assetType - b.assetType || compareText(a.identifier, b.identifier));
}

/** Byte order, as the cursors compare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A fungible token the principal holds a positive balance of. */
export interface FtPosition {
  readonly assetId: string;
  readonly balance: Amount;
}

/** Positive fungible-token balances, largest first, then by identifier (v3's order). */
export function ftPositions(chain: Chain, ft: ReadonlyMap<number, AssetTotals>): FtPosition[] {
  const positions: FtPosition[] = [];
  for (const [contract, totals] of ft) {
    const balance = heldOf(totals);
    if (balance > 0) positions.push({ assetId: contractAt(chain, contract).assetId, balance });
  }
  return positions.sort((a, b) => compareAmounts(b.balance, a.balance) || compareText(a.assetId, b.assetId));
}
