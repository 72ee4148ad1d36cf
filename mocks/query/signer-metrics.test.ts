import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { cycleOf } from '../world/derive/pox.ts';
import { cycleSigning } from './signer-metrics.ts';

const { chain } = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 }).live.queries;
const { blocks, net } = chain;

describe('a cycle’s signing', () => {
  it('counts the blocks mined on the cycle’s burn blocks and takes the last one’s time', () => {
    const first = cycleOf(blocks.burnHeight[0] as number, net.poxCycleLength);
    const last = cycleOf(blocks.burnHeight[blocks.count - 1] as number, net.poxCycleLength);
    let counted = 0;
    for (let cycle = first; cycle <= last; cycle++) counted += cycleSigning(chain, cycle).blocks;
    expect(counted).toBe(blocks.count);
    expect(cycleSigning(chain, last).lastTime).toBe(blocks.time[blocks.count - 1]);
    expect(cycleSigning(chain, last + 1)).toEqual({ blocks: 0, lastTime: undefined });
  });
});
