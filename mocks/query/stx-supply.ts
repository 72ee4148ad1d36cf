import { addAmounts, subtractAmounts, type Amount } from '../world/amount.ts';
import type { Chain } from '../world/tables/chain.ts';
import { EventKind } from '../world/tables/kinds.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { REWARD_MATURITY } from '../world/derive/miner-rewards.ts';

/**
 * The STX in existence by a height as the real service sums it: the STX minted less the STX
 * burned by the transactions at or below `height` (the unanchored ones count at the tip plus
 * one), plus the miners' rewards matured at or below `matureHeight`, each block's whole reward
 * as the event stream reports it.
 */
export function stxSupply(chain: Chain, height: number, matureHeight: number): Amount {
  let supply: Amount = 0;
  const t = chain.txs;
  for (let tx = 0; tx < t.count; tx++) {
    if ((t.height[tx] as number) > height) continue;
    forEachEvent(chain, tx, (kind, _sender, _recipient, _contract, amount) => {
      if (kind === EventKind.StxMint) supply = addAmounts(supply, amount);
      else if (kind === EventKind.StxBurn) supply = subtractAmounts(supply, amount);
    });
  }
  const b = chain.blocks;
  for (let row = 0; row < b.count && row + 1 + REWARD_MATURITY <= matureHeight; row++)
    supply = addAmounts(supply, b.reward[row] as number);
  return supply;
}
