import type { BlockTable } from '../tables/block-table.ts';
import type { Rng } from '../rng.ts';

/**
 * The chain's tenure and time after a block, in one record: what the next block's times, burn
 * block and miner follow from, and what a reorg checkpoint copies.
 */
export interface ChainClock {
  burnHeight: number;
  burnTime: number;
  blockTime: number;
  tenureHeight: number;
  /** Blocks the current tenure still has room for. */
  tenureLeft: number;
  /** Blocks of the current tenure so far. */
  tenureBlocks: number;
  tenureMiner: number;
}

/** The clock before block 1. */
export function newClock(): ChainClock {
  return {
    burnHeight: 0,
    burnTime: 0,
    blockTime: 0,
    tenureHeight: 0,
    tenureLeft: 0,
    tenureBlocks: 0,
    tenureMiner: -1,
  };
}

/** What the clock draws a block's times and tenure from. */
export interface ClockSetting {
  readonly rng: Rng;
  readonly blocks: BlockTable;
  readonly miners: readonly number[];
  readonly burnStartHeight: number;
  readonly genesisTime: number;
}

/** How block h starts: whether it opens a tenure, and how many blocks the tenure before it had. */
export interface BlockStart {
  readonly newTenure: boolean;
  readonly previousTenureBlocks: number;
}

/**
 * Moves the clock to block h. Before Nakamoto every block is a tenure of its own at its burn
 * block's time; after, a tenure spans one to six blocks a few seconds apart. `appendedAt`: the time
 * of a block mined on a living chain, which its burn block then precedes.
 */
export function tick(
  clock: ChainClock,
  s: ClockSetting,
  h: number,
  nakamoto: boolean,
  appendedAt?: number,
): BlockStart {
  const newTenure = !nakamoto || clock.tenureLeft === 0 || h === 1;
  const previousTenureBlocks = clock.tenureBlocks;
  if (newTenure) startTenure(clock, s, h, nakamoto, appendedAt);
  clock.tenureLeft--;
  clock.tenureBlocks++;
  clock.blockTime =
    appendedAt ??
    (!nakamoto
      ? clock.burnTime
      : newTenure
        ? clock.burnTime + s.rng.range(3, 12)
        : clock.blockTime + s.rng.range(5, 15));
  return { newTenure, previousTenureBlocks };
}

function startTenure(
  clock: ChainClock,
  s: ClockSetting,
  h: number,
  nakamoto: boolean,
  appendedAt?: number,
): void {
  if (h === 1) {
    clock.burnHeight = s.burnStartHeight;
    clock.burnTime = s.genesisTime;
  } else {
    // Now and then a burn block carries no stacks block.
    clock.burnHeight += s.rng.chance(0.08) ? 2 : 1;
    clock.burnTime =
      appendedAt === undefined
        ? clock.burnTime + s.rng.range(480, 720)
        : Math.max(clock.burnTime + 1, appendedAt - s.rng.range(3, 12));
  }
  s.blocks.drawTenure(clock.tenureHeight + 1, s.rng);
  clock.tenureMiner = s.rng.pick(s.miners);
  clock.tenureHeight++;
  clock.tenureLeft = nakamoto ? s.rng.range(1, 6) : 1;
  clock.tenureBlocks = 0;
}

/** Moves every time of the chain by `seconds`: the blocks', the mempool's receipts and the clock's. */
export function shiftTimes(
  clock: ChainClock,
  blocks: BlockTable,
  receiptTime: number[],
  seconds: number,
): void {
  for (let row = 0; row < blocks.count; row++) {
    blocks.time[row] = (blocks.time[row] as number) + seconds;
    blocks.burnTime[row] = (blocks.burnTime[row] as number) + seconds;
  }
  for (let i = 0; i < receiptTime.length; i++) receiptTime[i] = (receiptTime[i] as number) + seconds;
  clock.blockTime += seconds;
  clock.burnTime += seconds;
}
