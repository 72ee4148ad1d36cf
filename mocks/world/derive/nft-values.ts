import type { Amount } from '../amount.ts';
import { contractAt, type Chain } from '../tables/chain.ts';
import { ContractKind, EventKind } from '../tables/kinds.ts';
import { uintPair, type ClarityPair } from './clarity.ts';

/**
 * The Clarity value of NFT `id` of `contract`: a uint for the world's collections; for BNS's
 * `names`, whose values are `{ name, namespace }` tuples the world's NFT tables (uint ids) cannot
 * hold, the tuple the registration minted under that id (its attachment index:
 * world/derive/bns-calls.ts).
 */
export function nftValueOf(chain: Chain, contract: number, id: Amount): ClarityPair {
  if (contractAt(chain, contract).kind !== ContractKind.Bns) return uintPair(id);
  for (const entry of Object.values(chain.clarityTxs)) {
    const minted = entry.outcome?.events.find(
      (e) => e.kind === EventKind.NftMint && e.contract === contract && e.amount === id,
    );
    if (minted?.value) return minted.value;
  }
  return uintPair(id);
}
