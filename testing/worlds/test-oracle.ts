// An independent model of the address operations, recomputed from what operation 2 (transaction
// details with all events) returns, so the tests do not trust the world's own indexes.
import type { ConfirmedTransaction, TransactionEvent } from '../../mocks/serialize/types.ts';
import type { KernelReads } from '../../mocks/kernel-reads.ts';
import { txDetails } from '../http/kernel-reads.ts';
import { minedTxIds } from './test-worlds.ts';
import type { Chain } from '../../mocks/world/tables/chain.ts';

export interface Movement {
  asset: 'stx' | 'ft' | 'nft';
  type: 'transfer' | 'mint' | 'burn';
  eventIndex: number;
  sender: string;
  recipient: string;
  amount: string;
  assetId: string;
  valueHex: string;
}

export interface Oracle {
  /** Every mined transaction, unanchored ones included, in chain order. */
  readonly txs: readonly ConfirmedTransaction[];
  readonly byId: ReadonlyMap<string, ConfirmedTransaction>;
  /** Transactions that concern each principal, newest first. */
  concerning(principal: string, unanchored: boolean): ConfirmedTransaction[];
  movements(tx: ConfirmedTransaction): Movement[];
}

const oracles = new WeakMap<Chain, Oracle>();

export function oracleFor(world: KernelReads, chain: Chain): Oracle {
  let oracle = oracles.get(chain);
  if (!oracle) oracles.set(chain, (oracle = buildOracle(world, chain)));
  return oracle;
}

/** A fresh oracle over the chain as it is now; `oracleFor` caches one per chain, which a living chain outgrows. */
export function buildOracle(world: KernelReads, chain: Chain): Oracle {
  return oracleOver(minedDetails(world, minedTxIds(chain)));
}

/** Operation 2's answer, with every event, for each of these mined transactions. */
export function minedDetails(world: KernelReads, ids: string[]): ConfirmedTransaction[] {
  const details = txDetails(world, ids, { unanchored: true });
  return ids.map((id) => {
    const entry = details[id];
    if (!entry?.found || !('block_height' in entry.result)) throw new Error(`mined tx ${id} not found`);
    return entry.result;
  });
}

/** The oracle over these transactions: every mined one, in chain order. */
export function oracleOver(txs: ConfirmedTransaction[]): Oracle {
  const byId = new Map(txs.map((tx) => [tx.tx_id, tx]));
  const involvement = new Map<string, ConfirmedTransaction[]>();
  for (const tx of txs) {
    for (const p of involved(tx)) {
      let list = involvement.get(p);
      if (!list) involvement.set(p, (list = []));
      list.push(tx);
    }
  }
  return {
    txs,
    byId,
    concerning(principal, unanchored) {
      return (involvement.get(principal) ?? [])
        .filter((tx) => unanchored || !tx.is_unanchored)
        .sort((a, b) => b.block_height - a.block_height || b.tx_index - a.tx_index);
    },
    movements,
  };
}

function involved(tx: ConfirmedTransaction): Set<string> {
  // A sponsor that has no other part is not listed: the real service leaves it out (docs/real-service.md).
  const ps = new Set<string>([tx.sender_address]);
  if (tx.tx_type === 'token_transfer') ps.add(tx.token_transfer.recipient_address);
  if (tx.tx_type === 'contract_call') ps.add(tx.contract_call.contract_id);
  if (tx.tx_type === 'smart_contract') ps.add(tx.smart_contract.contract_id);
  for (const m of movements(tx)) {
    if (m.sender) ps.add(m.sender);
    if (m.recipient) ps.add(m.recipient);
  }
  return ps;
}

/** Each transaction's movements, read once: the totals walk every transaction for every principal. */
const movementsOf = new WeakMap<ConfirmedTransaction, Movement[]>();

function movements(tx: ConfirmedTransaction): Movement[] {
  let found = movementsOf.get(tx);
  if (!found) movementsOf.set(tx, (found = readMovements(tx)));
  return found;
}

function readMovements(tx: ConfirmedTransaction): Movement[] {
  return tx.events.flatMap((e: TransactionEvent): Movement[] => {
    const base = { eventIndex: e.event_index, amount: '', assetId: '', valueHex: '' };
    switch (e.event_type) {
      case 'stx_asset':
        return [
          {
            ...base,
            asset: 'stx',
            type: e.asset.asset_event_type,
            sender: e.asset.sender ?? '',
            recipient: e.asset.recipient ?? '',
            amount: e.asset.amount,
          },
        ];
      case 'fungible_token_asset':
        return [
          {
            ...base,
            asset: 'ft',
            type: e.asset.asset_event_type,
            sender: e.asset.sender ?? '',
            recipient: e.asset.recipient ?? '',
            amount: e.asset.amount,
            assetId: e.asset.asset_id,
          },
        ];
      case 'non_fungible_token_asset':
        return [
          {
            ...base,
            asset: 'nft',
            type: e.asset.asset_event_type,
            sender: e.asset.sender ?? '',
            recipient: e.asset.recipient ?? '',
            assetId: e.asset.asset_id,
            valueHex: e.asset.value.hex,
          },
        ];
      default:
        return [];
    }
  });
}

/** Who paid the fee: the sponsor of a sponsored transaction, else its sender. */
export function feePayerOf(tx: {
  sponsored: boolean;
  sponsor_address?: string;
  sender_address: string;
}): string {
  return tx.sponsored && tx.sponsor_address ? tx.sponsor_address : tx.sender_address;
}

/** A principal's STX totals and its tokens' [sent, received] by asset id, recomputed from the events. */
export interface PrincipalTotals {
  sent: bigint;
  received: bigint;
  fees: bigint;
  ft: Map<string, [bigint, bigint]>;
  nft: Map<string, [bigint, bigint]>;
}

/**
 * What a principal sent, received and paid in fees up to `height` (unanchored transactions only
 * when asked), summed over every transaction, not the principal's history: a sponsor pays the
 * fee of a transaction its history leaves out, as the real service lists it (docs/real-service.md).
 */
export function principalTotals(
  oracle: Oracle,
  principal: string,
  { height = Infinity, unanchored }: { height?: number; unanchored: boolean },
): PrincipalTotals {
  const totals: PrincipalTotals = { sent: 0n, received: 0n, fees: 0n, ft: new Map(), nft: new Map() };
  for (const tx of oracle.txs) {
    if (tx.block_height > height || (!unanchored && tx.is_unanchored)) continue;
    if (feePayerOf(tx) === principal) totals.fees += BigInt(tx.fee_rate);
    for (const m of oracle.movements(tx)) {
      const out = m.sender === principal;
      const into = m.recipient === principal;
      if (m.asset === 'stx') {
        if (out) totals.sent += BigInt(m.amount);
        if (into) totals.received += BigInt(m.amount);
      } else if (out || into) {
        const tokens = m.asset === 'ft' ? totals.ft : totals.nft;
        const [s, r] = tokens.get(m.assetId) ?? [0n, 0n];
        const moved = m.asset === 'ft' ? BigInt(m.amount) : 1n;
        tokens.set(m.assetId, [s + (out ? moved : 0n), r + (into ? moved : 0n)]);
      }
    }
  }
  return totals;
}
