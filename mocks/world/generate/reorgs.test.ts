import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../options.ts';
import { ChainBuilder } from './build-chain.ts';

describe('reorgs', () => {
  it('keep a world shifted to a tip time in its time: blocks and receipts after a reorg come after the tip', () => {
    const tipTime = 1_800_000_000;
    const builder = new ChainBuilder(resolveOptions({ seed: 1, blocks: 200, tipTime }));
    builder.build();
    builder.reorg(3);
    const { blocks, receiptTime } = builder.current;
    for (let row = 1; row < blocks.count; row++) {
      expect(blocks.time[row], `block ${row + 1}`).toBeGreaterThanOrEqual(blocks.time[row - 1] as number);
      expect(blocks.burnTime[row], `burn block of ${row + 1}`).toBeGreaterThanOrEqual(
        blocks.burnTime[row - 1] as number,
      );
    }
    expect(blocks.time[blocks.count - 1]).toBeGreaterThan(tipTime - 3600);
    // A receipt comes from the shifted era, never from the unshifted one (years before the tip).
    for (const received of receiptTime) expect(received).toBeGreaterThan(tipTime - 86_400 * 30);
  });
});
