import { Cl, cvToHex, type ClarityValue } from '@stacks/transactions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorldQueries, type WorldQueries } from '../../query/world-queries.ts';
import { ContractKind } from '../tables/kinds.ts';
import type { ContractReads } from './world-engine.ts';

// The default world run in the Clarity engine: what the engine did is the truth, and the
// extended answers (the world's own derivation) must equal it. One engine for the file.
let queries: WorldQueries;
let reads: ContractReads;
beforeAll(async () => {
  queries = createWorldQueries({});
  reads = await queries.clarity.ready();
}, 120_000);

function call(contract: string, fn: string, args: ClarityValue[]): ClarityValue {
  const answer = reads.callReadOnly(contract, fn, args.map(cvToHex), contract.split('.')[0] as string);
  if (!answer.okay) throw new Error(`${contract} ${fn}: ${answer.cause}`);
  return Cl.deserialize(answer.result);
}

function deployed(kind: ContractKind) {
  return queries.chain.contracts.filter((c) => c.kind === kind && !c.pending);
}

function everyPrincipal(): string[] {
  const { principals } = queries.chain;
  return Array.from({ length: principals.count }, (_, p) => principals.name(p));
}

describe('the default world in the Clarity engine', () => {
  it('holds every contract the world deployed, and the engine is at the world’s tip', () => {
    expect(reads.tip.height).toBe(queries.chain.blocks.count);
    const ids = new Set(reads.contracts());
    const expected = queries.chain.contracts.filter(
      (c) => !c.pending && c.kind !== ContractKind.Pox && c.kind !== ContractKind.Genesis,
    );
    expect(expected.length).toBeGreaterThan(10);
    for (const c of expected) expect(ids, c.id).toContain(c.id);
  });

  it('gives every FT holder, by get-balance, its extended balance; the holders add up to the supply', () => {
    const fts = deployed(ContractKind.Ft);
    expect(fts.length).toBeGreaterThan(0);
    const holders = everyPrincipal().map((name) => ({ name, ft: queries.tipBalances(name).facts.ft }));
    for (const ft of fts) {
      let total = 0n;
      for (const { name, ft: balances } of holders) {
        const totals = balances.get(ft.index);
        if (!totals) continue;
        const extended = BigInt(totals.received - totals.sent);
        expect(call(ft.id, 'get-balance', [Cl.principal(name)]), `${ft.id} ${name}`).toEqual(
          Cl.ok(Cl.uint(extended)),
        );
        total += extended;
      }
      expect(call(ft.id, 'get-total-supply', []), ft.id).toEqual(Cl.ok(Cl.uint(total)));
    }
  });

  it('names, by get-owner, the holder of every NFT the world shows, and no owner for the others', () => {
    const owners = new Map<string, string>();
    for (const name of everyPrincipal()) {
      for (const nft of queries.nftHoldings(name)) owners.set(`${nft.contract}:${nft.id}`, name);
    }
    const nfts = deployed(ContractKind.Nft);
    expect(owners.size).toBeGreaterThan(0);
    for (const nft of nfts) {
      const last = call(nft.id, 'get-last-token-id', []);
      const lastId = Number((last as { value: { value: bigint } }).value.value);
      for (let id = 1; id <= lastId; id++) {
        const holder = owners.get(`${nft.index}:${id}`);
        const expected = holder === undefined ? Cl.none() : Cl.some(Cl.principal(holder));
        expect(call(nft.id, 'get-owner', [Cl.uint(id)]), `${nft.id} #${id}`).toEqual(Cl.ok(expected));
      }
    }
  });
});
