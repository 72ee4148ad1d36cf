import { describe, expect, it } from 'vitest';
import { buildChain } from '../generate/build-chain.ts';
import { resolveOptions } from '../options.ts';
import { txIndexOf } from './chain.ts';

describe('txIndexOf', () => {
  it('is the count of transactions before it at its height, the unanchored stream on the tip included', () => {
    const chain = buildChain(resolveOptions({ seed: 2, blocks: 60 }));
    const seen = new Map<number, number>();
    const expected: number[] = [];
    for (let tx = 0; tx < chain.txs.count; tx++) {
      const height = chain.txs.height[tx] as number;
      expected.push(seen.get(height) ?? 0);
      seen.set(height, (seen.get(height) ?? 0) + 1);
    }
    expect(chain.txs.count).toBeGreaterThan(chain.anchoredCount);
    expect(Array.from({ length: chain.txs.count }, (_, tx) => txIndexOf(chain, tx))).toEqual(expected);
  });
});
