import { describe, expect, it } from 'vitest';
import { LiveChain } from './live-chain.ts';
import { ContractKind } from '../world/tables/kinds.ts';
import { resolveOptions } from '../world/options.ts';

/** Each vault by id, with the asset of the token it pairs with (what its deployment's source names). */
function vaultPairs(live: LiveChain): Map<string, string | undefined> {
  const { contracts } = live.world.queries.chain;
  return new Map(
    contracts
      .filter((c) => c.kind === ContractKind.Vault)
      .map((c) => [
        c.id,
        contracts[c.pair]?.kind === ContractKind.Ft ? contracts[c.pair]?.assetId : undefined,
      ]),
  );
}

// Found by the living chain's fuzz (mocks/reliability/living-chain-fuzz.test.ts): a reorg back to
// block 1 registered the vaults deployed after it again, pending, with a pair drawn from the FT
// contracts on chain then (none: an index of NaN), and the block that later minted into such a
// vault threw (a 500 on POST /_mock/reorg).
describe('a reorg back to the first blocks', () => {
  it.each([1, 2, 3])(
    'seed %i: reorgs 59 of 60 blocks and mines on; every vault keeps the pair token its deployment names',
    (seed) => {
      const live = new LiveChain(resolveOptions({ seed, blocks: 60 }));
      const before = vaultPairs(live);
      expect(before.size).toBeGreaterThan(0);
      expect(live.reorg(59).height).toBe(61);
      live.mine(30);
      const after = vaultPairs(live);
      for (const [id, pair] of after) {
        expect(pair, `${id}'s pair`).toBeDefined();
        if (before.has(id)) expect(pair, `${id}'s pair`).toBe(before.get(id));
      }
    },
  );
});
