import { beforeAll, describe, expect, it } from 'vitest';
import { ftDisagreements, nftDisagreements } from '../../testing/worlds/engine-agreement.ts';
import { resolveOptions } from '../world/options.ts';
import { controlSpec } from './control-spec.ts';
import { LiveChain } from './live-chain.ts';

// Point 5 of issue 39: after a mined block, a reorg or a reset, the engine holds the canonical
// chain's contract state. A small world keeps the three engines this file starts cheap.
const live = new LiveChain(resolveOptions({ seed: 3, blocks: 120 }), controlSpec());

async function agreement(): Promise<{ tip: number; problems: string[]; compared: number }> {
  const reads = await live.queries.clarity.ready();
  const ft = ftDisagreements(live.queries, reads);
  const nft = nftDisagreements(live.queries, reads);
  return {
    tip: reads.tip.height,
    problems: [...ft.problems, ...nft.problems],
    compared: ft.compared + nft.compared,
  };
}

beforeAll(async () => {
  await live.queries.clarity.ready();
}, 180_000);

describe('the Clarity engine follows the living chain', () => {
  it('holds the world as started', async () => {
    const found = await agreement();
    expect(found.tip).toBe(120);
    expect(found.compared).toBeGreaterThan(10);
    expect(found.problems).toEqual([]);
  });

  it('takes in mined blocks on top', async () => {
    live.mine(6);
    const found = await agreement();
    expect(found.tip).toBe(126);
    expect(found.problems).toEqual([]);
  });

  it('after a reorg, holds the canonical chain, not the orphaned blocks', async () => {
    const before = live.tip().height;
    live.reorg(4);
    const found = await agreement();
    expect(found.tip).toBe(live.tip().height);
    expect(found.tip).toBeGreaterThanOrEqual(before);
    expect(found.problems).toEqual([]);
  }, 180_000);

  it('after a reset, holds the world as it started again', async () => {
    live.reset();
    const found = await agreement();
    expect(found.tip).toBe(120);
    expect(found.problems).toEqual([]);
  }, 180_000);
});
