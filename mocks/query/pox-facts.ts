import { addAmounts, subtractAmounts, type Amount } from '../world/amount.ts';
import { burnHeightAt, type Chain } from '../world/tables/chain.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { Action, EventKind } from '../world/tables/kinds.ts';

/** What pox-4 and the node read of the chain at one height, as plain numbers (micro-STX). */
export interface PoxFacts {
  /** The burn height of the block at `height`. */
  readonly burnHeight: number;
  /** The reward cycle that burn height is in; cycles start at burn height 0, as the world's locks count them. */
  readonly cycle: number;
  readonly cycleLength: number;
  /** Micro-STX in existence: the genesis allocations and every coinbase, less what was burnt. */
  readonly liquidSupply: Amount;
  /** Micro-STX locked for the current cycle and for the next one. */
  readonly stackedNow: Amount;
  readonly stackedNext: Amount;
}

/**
 * pox-4's facts as the chain stands at `height`: its burn height and cycle, the liquid supply
 * and what the world's `stack-stx` calls lock in this cycle and the next (a lock made in cycle
 * c for p cycles counts in cycles c+1 to c+p, as its unlock height says).
 */
export function poxFacts(chain: Chain, height: number): PoxFacts {
  const cycleLength = chain.net.poxCycleLength;
  const burnHeight = burnHeightAt(chain, height);
  const cycle = Math.floor(burnHeight / cycleLength);
  const t = chain.txs;
  let liquidSupply: Amount = 0;
  let stackedNow: Amount = 0;
  let stackedNext: Amount = 0;
  for (let row = 0; row < height; row++)
    liquidSupply = addAmounts(liquidSupply, chain.blocks.reward[row] as number);
  for (let tx = 0; tx < t.count && (t.height[tx] as number) <= height; tx++) {
    // A block's reward is its coinbase and its fees: the fees only move what exists.
    liquidSupply = subtractAmounts(liquidSupply, t.fee.at(tx));
    const locks = t.action[tx] === Action.StackStx;
    forEachEvent(chain, tx, (kind, _sender, _recipient, _contract, amount, unlockHeight) => {
      if (kind === EventKind.StxMint) liquidSupply = addAmounts(liquidSupply, amount);
      else if (kind === EventKind.StxBurn) liquidSupply = subtractAmounts(liquidSupply, amount);
      else if (locks && kind === EventKind.StxLock) {
        const first = Math.floor(burnHeightAt(chain, t.height[tx] as number) / cycleLength) + 1;
        const end = Math.floor(unlockHeight / cycleLength);
        if (cycle >= first && cycle < end) stackedNow = addAmounts(stackedNow, amount);
        if (cycle + 1 >= first && cycle + 1 < end) stackedNext = addAmounts(stackedNext, amount);
      }
    });
  }
  return { burnHeight, cycle, cycleLength, liquidSupply, stackedNow, stackedNext };
}
