import { describe, expect, it } from 'vitest';
import { controlSpec } from './control-spec.ts';
import { LiveChain } from './live-chain.ts';
import { resolveOptions } from '../world/options.ts';

describe("the living chain's limits come from the control spec", () => {
  it('mines at most what MineRequest.blocks allows: change the spec, the limit follows', () => {
    const doc = structuredClone(controlSpec());
    const mine = doc.components?.schemas?.MineRequest as { properties: { blocks: { maximum: number } } };
    expect(new LiveChain(resolveOptions({ blocks: 60 }), doc).checks.maxMined).toBe(
      mine.properties.blocks.maximum,
    );
    mine.properties.blocks.maximum = 3;
    const live = new LiveChain(resolveOptions({ blocks: 60 }), doc);
    expect(() => live.mine(4)).toThrow(/blocks must be an integer from 1 to 3, got 4/);
    expect(live.mine(3).height).toBe(63);
  });
});
