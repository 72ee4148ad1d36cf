import { addAmounts, compareAmounts, subtractAmounts, type Amount } from '../world/amount.ts';
import type { Chain } from '../world/tables/chain.ts';
import { ContractKind, EventKind } from '../world/tables/kinds.ts';
import { forEachEvent } from '../world/derive/events.ts';

/** One holder of a fungible token: a principal's row and what it holds at the tip. */
export interface FtHolder {
  readonly principal: number;
  readonly balance: Amount;
}

/** A fungible token's holders, the largest balance first, and their sum. */
export interface FtHolders {
  readonly holders: readonly FtHolder[];
  readonly supply: Amount;
}

/**
 * Every fungible token's holders at the tip, keyed by asset identifier, from the anchored
 * transactions' events (the ones the v3 FT balances count). A principal that sent everything it
 * had keeps its row at zero, as the real service's running balances table keeps it. Equal
 * balances go by principal name: the real service leaves their order to the database.
 */
export function ftHolders(chain: Chain): Map<string, FtHolders> {
  const held = new Map<number, Map<number, Amount>>();
  const add = (contract: number, principal: number, amount: Amount, sign: 1 | -1): void => {
    const rows = held.get(contract) ?? new Map<number, Amount>();
    const before = rows.get(principal) ?? 0;
    rows.set(principal, sign === 1 ? addAmounts(before, amount) : subtractAmounts(before, amount));
    held.set(contract, rows);
  };
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    forEachEvent(chain, tx, (kind, sender, recipient, contract, amount) => {
      if (kind === EventKind.FtMint || kind === EventKind.FtTransfer) add(contract, recipient, amount, 1);
      if (kind === EventKind.FtBurn || kind === EventKind.FtTransfer) add(contract, sender, amount, -1);
    });
  }
  const out = new Map<string, FtHolders>();
  for (const [index, rows] of held) {
    const contract = chain.contracts[index];
    if (contract?.kind !== ContractKind.Ft) continue;
    const holders = [...rows].map(([principal, balance]) => ({ principal, balance }));
    const name = (h: FtHolder): string => chain.principals.name(h.principal);
    holders.sort((a, b) => compareAmounts(b.balance, a.balance) || byName(name(a), name(b)));
    const supply = holders.reduce<Amount>((sum, h) => addAmounts(sum, h.balance), 0);
    out.set(contract.assetId, { holders, supply });
  }
  return out;
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
