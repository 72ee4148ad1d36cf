import { readdirSync } from 'node:fs';
import { Cl } from '@stacks/transactions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { engineImages } from '../../../testing/worlds/engine-images.ts';
import { heldOf } from '../../query/balances.ts';
import { createWorldQueries, type WorldQueries } from '../../query/world-queries.ts';
import { bigAmount } from '../amount.ts';
import { ftDisagreements, nftDisagreements, readOnly } from '../../../testing/worlds/engine-agreement.ts';
import { ContractKind } from '../tables/kinds.ts';
import { forgetReplays, keptReplay } from './replay-images.ts';
import type { ContractReads } from './world-engine.ts';

// The default world run in the Clarity engine: what the engine did is the truth, and the
// extended answers (the world's own derivation) must equal it. One engine for the file, which
// replays the world: its image goes to a folder of the file's own, not the machine's.
const images = engineImages('fresh');
let queries: WorldQueries;
let reads: ContractReads;
beforeAll(async () => {
  queries = createWorldQueries({});
  reads = await queries.clarity.ready();
}, 180_000);

describe('the default world in the Clarity engine', () => {
  it('holds every contract the world deployed, and the engine is at the world’s tip', () => {
    expect(reads.tip.height).toBe(queries.chain.blocks.count);
    const ids = new Set(reads.contracts());
    // The boot contracts are the session's own, not deployed by the replay.
    const boot: readonly ContractKind[] = [
      ContractKind.Pox,
      ContractKind.Genesis,
      ContractKind.Boot,
      ContractKind.Bns,
    ];
    const expected = queries.chain.contracts.filter((c) => !c.pending && !boot.includes(c.kind));
    expect(expected.length).toBeGreaterThan(10);
    for (const c of expected) expect(ids, c.id).toContain(c.id);
  });

  it('gives every FT holder, by get-balance, its extended balance; the holders add up to the supply', () => {
    const { problems, compared } = ftDisagreements(queries, reads);
    expect(compared).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('names, by get-owner, the holder of every NFT the world shows, and no owner for the others', () => {
    const { problems, compared } = nftDisagreements(queries, reads);
    expect(compared).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('holds every BNS name the world serves in its bns contract, registered by its owner with its zone file’s hash (the replay checked every print)', () => {
    const bns = queries.chain.contracts.find((c) => c.kind === ContractKind.Bns);
    const names = [...queries.names.all(false).values()];
    expect(bns?.id).toBe('SP000000000000000000002Q6VF78.bns');
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const n of names) {
      const [label, namespace] = n.name.split('.') as [string, string];
      const resolved = readOnly(reads, bns?.id ?? '', 'name-resolve', [
        Cl.bufferFromUtf8(namespace),
        Cl.bufferFromUtf8(label),
      ]);
      expect(resolved.type, n.name).toBe('ok');
      const value = (resolved as { value: { value: Record<string, { value: string }> } }).value.value;
      expect([value.owner?.value, value['zonefile-hash']?.value], n.name).toEqual([n.owner, n.zonefileHash]);
      expect(
        readOnly(reads, bns?.id ?? '', 'resolve-principal', [Cl.principal(n.owner)]),
        `${n.owner} owns ${n.name}`,
      ).toEqual(Cl.ok(Cl.tuple({ name: Cl.bufferFromUtf8(label), namespace: Cl.bufferFromUtf8(namespace) })));
    }
  });

  it('reads a balance as of an older block as the extended balance at that block (until_block)', () => {
    const ft = queries.chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending);
    if (!ft) throw new Error('the default world deploys a token');
    const holder = queries.chain.principals.name(ft.deployer);
    const published = reads.source(ft.id)?.publishHeight ?? 0;
    const tip = queries.chain.blocks.count;
    expect(published).toBeGreaterThan(0);
    for (const height of [published, Math.floor((published + tip) / 2), tip]) {
      const totals = queries
        .balances(holder, { untilBlock: { height }, unanchored: false })
        ?.facts.ft.get(ft.index);
      const extended = totals ? bigAmount(heldOf(totals)) : 0n;
      expect(readOnly(reads, ft.id, 'get-balance', [Cl.principal(holder)], height), `at ${height}`).toEqual(
        Cl.ok(Cl.uint(extended)),
      );
    }
  });

  it('a second chain of the same world starts its engine from the image the first kept, and its engine answers as the first', async () => {
    const again = createWorldQueries({});
    expect(
      await keptReplay(again.chain, false),
      'kept by the first engine at the generated tip',
    ).toBeDefined();
    try {
      const second = await again.clarity.ready();
      expect(await keptReplay(again.chain, false), 'restored, not dropped as unusable').toBeDefined();
      expect(second.tip).toEqual(reads.tip);
      expect([...second.contracts()].sort()).toEqual([...reads.contracts()].sort());
      for (const id of reads.contracts()) expect(second.source(id), id).toEqual(reads.source(id));
      const { problems, compared } = ftDisagreements(again, second);
      expect(compared).toBeGreaterThan(50);
      expect(problems).toEqual([]);
    } finally {
      again.clarity.close();
    }
    expect(await keptReplay(createWorldQueries({ seed: 2 }).chain, false), 'another world').toBeUndefined();
  });

  it('with the images this process keeps forgotten, a chain of the same world starts from the image on disk, and its engine answers as the first', async () => {
    await vi.waitFor(() =>
      expect(readdirSync(images.dir as string).some((f) => f.endsWith('.image'))).toBe(true),
    );
    forgetReplays();
    const again = createWorldQueries({});
    expect(await keptReplay(again.chain, false), 'read back from disk').toBeDefined();
    try {
      const third = await again.clarity.ready();
      expect(third.tip).toEqual(reads.tip);
      expect([...third.contracts()].sort()).toEqual([...reads.contracts()].sort());
      const { problems, compared } = ftDisagreements(again, third);
      expect(compared).toBeGreaterThan(50);
      expect(problems).toEqual([]);
    } finally {
      again.clarity.close();
    }
  });
});
