import { Cl } from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnly } from '../../../testing/worlds/engine-agreement.ts';
import { createWorldQueries, type WorldQueries } from '../../query/world-queries.ts';
import type { ContractReads } from './world-engine.ts';

// A testnet world's BNS calls run in the engine's testnet bns (ST000000000000000000002AMW42H),
// with testnet principals in their prints; world-engine.test.ts runs the default (mainnet) world.
let queries: WorldQueries;
let reads: ContractReads;
beforeAll(async () => {
  queries = createWorldQueries({ network: 'testnet', blocks: 60 });
  reads = await queries.clarity.ready();
}, 180_000);
afterAll(() => queries.clarity.close());

describe("a testnet world's BNS names in the Clarity engine", () => {
  it('replays (every print checked) and resolves every name the mock serves to its owner', () => {
    const names = [...queries.names.all(false).values()];
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const n of names) {
      expect(n.owner, 'a testnet address').toMatch(/^S[TN]/);
      const [label, namespace] = n.name.split('.') as [string, string];
      expect(
        readOnly(reads, 'ST000000000000000000002AMW42H.bns', 'resolve-principal', [Cl.principal(n.owner)]),
        n.name,
      ).toEqual(Cl.ok(Cl.tuple({ name: Cl.bufferFromUtf8(label), namespace: Cl.bufferFromUtf8(namespace) })));
    }
  });
});
