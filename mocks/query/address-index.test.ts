import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainBuilder } from '../world/generate/build-chain.ts';
import { forEachEvent } from '../world/derive/events.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import { tipHeight, type Chain, type InitialMint } from '../world/tables/chain.ts';
import type { Contract } from '../world/tables/contracts.ts';
import { Action, assetMovement, ContractKind, Status, type AssetClass } from '../world/tables/kinds.ts';
import { resolveOptions } from '../world/options.ts';
import { Principals } from '../world/tables/principals.ts';
import { Rng } from '../world/rng.ts';
import { blankDraft, TxTable } from '../world/tables/tx-table.ts';
import { AddressIndex } from './address-index.ts';
import { ChainActivity } from './chain-activity.ts';
import { listsInHistory } from './history-membership.ts';

/** One transaction of a hand-made chain; principals are taken modulo the principals known then. */
interface TxSpec {
  readonly kind: 'transfer' | 'failed' | 'deploy' | 'genesis';
  /** The block after the previous transaction's, or the same one. */
  readonly nextBlock: boolean;
  readonly sender: number;
  readonly peer: number;
  readonly sponsored: boolean;
  readonly sponsor: number;
  /** For a deployment: who its token's initial mint goes to. */
  readonly recipients: readonly number[];
}

/** What the index reads of a chain, made by hand: transactions of any number of pairs, appended as a living chain does. */
class HandMadeChain {
  readonly chain: Chain;
  private readonly principals = new Principals();
  private readonly contracts: Contract[] = [];
  private readonly txs = new TxTable(16);
  private readonly mints = new Map<number, readonly InitialMint[]>();
  private readonly ids = new Rng(9);
  private height = 1;

  constructor(template: Chain, principals: number, genesisRecipients: number) {
    this.addPrincipals(principals);
    const recipients = Array.from({ length: Math.min(genesisRecipients, principals) }, (_, i) => i);
    this.chain = {
      ...template,
      principals: this.principals,
      contracts: this.contracts,
      txs: this.txs,
      mints: this.mints,
      genesisRecipients: recipients,
      genesisAmounts: recipients.map(() => 1),
    };
  }

  /** Principals first seen now: a living chain registers them as it goes. */
  addPrincipals(count: number): void {
    for (let i = 0; i < count; i++) this.principals.addStandard(`S${this.principals.count}`);
  }

  push(spec: TxSpec): void {
    const known = this.principals.count;
    const d = blankDraft();
    if (spec.nextBlock) this.height++;
    d.height = this.height;
    d.status = spec.kind === 'failed' ? Status.AbortByResponse : Status.Success;
    d.sender = spec.sender % known;
    d.sponsor = spec.sponsored ? spec.sponsor % known : -1;
    d.peer = spec.peer % known;
    d.contract = -1;
    d.action = spec.kind === 'genesis' ? Action.Genesis : Action.StxTransfer;
    if (spec.kind === 'deploy') {
      d.action = Action.Deploy;
      d.contract = this.deploy(d.sender);
      d.peer = -1;
      this.mints.set(
        d.contract,
        spec.recipients.map((r) => ({ recipient: r % known, amount: 1 })),
      );
    }
    this.txs.drawId(this.txs.push(d), this.ids);
  }

  private deploy(deployer: number): number {
    const index = this.contracts.length;
    const id = `${this.principals.name(deployer)}.token-${index}`;
    this.contracts.push({
      index,
      principal: this.principals.addContract(id, index),
      deployer,
      name: `token-${index}`,
      id,
      kind: ContractKind.Ft,
      token: 't',
      assetId: `${id}::t`,
      pair: -1,
      clarityVersion: 2,
      pending: false,
    });
    return index;
  }
}

/** The brute force: each transaction's principals, in a set of its own. */
function involvedOf(chain: Chain): Set<number>[] {
  return Array.from({ length: chain.txs.count }, (_, tx) => {
    const involved = new Set<number>();
    forEachInvolved(chain, tx, (p) => involved.add(p));
    return involved;
  });
}

/** Every transaction in the height range that names the principal, by looking at each. */
function bruteSlice(
  chain: Chain,
  involved: readonly Set<number>[],
  principal: number,
  low: number,
  high: number,
): number[] {
  const found: number[] = [];
  involved.forEach((principals, tx) => {
    const height = chain.txs.height[tx] as number;
    if (height >= low && height <= high && principals.has(principal)) found.push(tx);
  });
  return found;
}

/** The principal with the most events of the class, the lowest among equals, counted the slow way. */
function bruteMostActive(chain: Chain, asset: AssetClass): number {
  const counts = new Map<number, number>();
  for (let tx = 0; tx < chain.txs.count; tx++)
    forEachEvent(chain, tx, (kind, sender, recipient) => {
      if (assetMovement(kind)?.asset !== asset) return;
      for (const p of [sender, recipient]) if (p >= 0) counts.set(p, (counts.get(p) ?? 0) + 1);
    });
  let best = -1;
  for (const [p, count] of counts)
    if (count > (counts.get(best) ?? 0) || (count === counts.get(best) && p < best)) best = p;
  return best;
}

/**
 * Every principal (and two that are not), over the whole chain and over `range`; and what the
 * activity counts: the most active per asset class, the busiest up to the tip (any principal, or
 * only even-numbered ones).
 */
function expectBruteForce(
  index: AddressIndex,
  activity: ChainActivity,
  chain: Chain,
  range: [number, number],
): void {
  const involved = involvedOf(chain);
  const ranges: [number, number][] = [[0, Number.MAX_SAFE_INTEGER], range];
  for (const [low, high] of ranges) {
    const indexed: Record<number, number[]> = {};
    const brute: Record<number, number[]> = {};
    const histories: Record<number, [number[], number[]]> = {};
    const bruteHistories: Record<number, [number[], number[]]> = {};
    for (let p = -1; p <= chain.principals.count; p++) {
      indexed[p] = Array.from(index.slice(p, low, high));
      brute[p] = bruteSlice(chain, involved, p, low, high);
      // Newest first, read by position; operation 6's leaves out what the principal only sponsored.
      const read = (listedOnly: boolean): number[] => {
        const list = index.history(p, low, high, listedOnly);
        return Array.from({ length: list.total }, (_, i) => list.at(i));
      };
      histories[p] = [read(false), read(true)];
      const newestFirst = [...(brute[p] as number[])].reverse();
      bruteHistories[p] = [newestFirst, newestFirst.filter((tx) => listsInHistory(chain, tx, p))];
    }
    expect(indexed, `heights ${low}..${high}`).toEqual(brute);
    expect(histories, `histories ${low}..${high}`).toEqual(bruteHistories);
  }
  for (const asset of ['stx', 'ft'] as const)
    expect(
      activity.events.mostActive(asset, () => true),
      asset,
    ).toBe(bruteMostActive(chain, asset));
  for (const eligible of [() => true, (p: number) => p % 2 === 0])
    expect(activity.busiest(eligible)).toBe(bruteBusiest(chain, involved, eligible));
}

/** The eligible principal with the most transactions up to the tip, the lowest among equals; -1 if none. */
function bruteBusiest(
  chain: Chain,
  involved: readonly Set<number>[],
  eligible: (p: number) => boolean,
): number {
  let best = -1;
  let bestCount = -1;
  for (let p = 0; p < chain.principals.count; p++) {
    const count = eligible(p) ? bruteSlice(chain, involved, p, 0, tipHeight(chain)).length : -1;
    if (count > bestCount) {
      best = p;
      bestCount = count;
    }
  }
  return best;
}

const template = new ChainBuilder(resolveOptions({ seed: 5, blocks: 60, addresses: 20 })).build();

const principal = fc.nat({ max: 1_000_000 });
const txSpec: fc.Arbitrary<TxSpec> = fc.record({
  kind: fc.constantFrom('transfer', 'transfer', 'failed', 'deploy', 'genesis'),
  nextBlock: fc.boolean(),
  sender: principal,
  peer: principal,
  sponsored: fc.boolean(),
  sponsor: principal,
  // Most mints go to a few holders; some to hundreds, past what a byte counts.
  recipients: fc.oneof(
    { weight: 4, arbitrary: fc.array(principal, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(principal, { minLength: 250, maxLength: 320 }) },
  ),
});

/** A transaction with exactly `pairs` (principal, transaction) pairs: a deployment minting to pairs - 2 others. */
function ofPairs(pairs: number, first: number): TxSpec {
  return {
    kind: 'deploy',
    nextBlock: true,
    sender: 0,
    peer: 0,
    sponsored: false,
    sponsor: 0,
    recipients: Array.from({ length: pairs - 2 }, (_, i) => first + i),
  };
}

function transfer(sender: number, peer: number): TxSpec {
  return { kind: 'transfer', nextBlock: false, sender, peer, sponsored: false, sponsor: 0, recipients: [] };
}

describe('AddressIndex and ChainActivity against a brute force', () => {
  it('lists every principal’s transactions in any height range, built and then appended to', () => {
    fc.assert(
      fc.property(
        fc.record({
          principals: fc.integer({ min: 2, max: 400 }),
          genesisRecipients: fc.integer({ min: 0, max: 400 }),
          built: fc.array(txSpec, { maxLength: 30 }),
          newPrincipals: fc.nat({ max: 40 }),
          appended: fc.array(fc.array(txSpec, { maxLength: 8 }), { maxLength: 4 }),
          range: fc.tuple(fc.nat({ max: 40 }), fc.nat({ max: 40 })),
        }),
        ({ principals, genesisRecipients, built, newPrincipals, appended, range }) => {
          const made = new HandMadeChain(template, principals, genesisRecipients);
          for (const spec of built) made.push(spec);
          const index = new AddressIndex(made.chain);
          const activity = new ChainActivity(made.chain);
          made.addPrincipals(newPrincipals);
          // A living chain appends a block at a time, and the index takes in each.
          for (const block of appended) {
            for (const spec of block) made.push(spec);
            index.extend();
            activity.extend();
          }
          const [a, b] = range;
          expectBruteForce(index, activity, made.chain, [Math.min(a, b), Math.max(a, b)]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([254, 255, 256, 700])(
    'places the pairs of a transaction with %i of them, and of those around it',
    (pairs) => {
      const made = new HandMadeChain(template, 800, 0);
      made.push(transfer(1, 2));
      made.push(ofPairs(pairs, 3));
      made.push(transfer(2, 5));
      made.push(ofPairs(pairs, 4));
      const index = new AddressIndex(made.chain);
      const activity = new ChainActivity(made.chain);
      made.push(ofPairs(pairs, 6));
      made.push(transfer(5, 1));
      index.extend();
      activity.extend();
      const deployer = made.chain.contracts[0]?.principal ?? -1;
      expect(Array.from(index.slice(deployer, 0, 100))).toEqual([1]);
      expect(Array.from(index.slice(5, 0, 100))).toEqual([1, 2, 3, 5]);
      expectBruteForce(index, activity, made.chain, [2, 3]);
    },
  );

  it('counts no transaction above the tip for the busiest (an unanchored stream)', () => {
    const made = new HandMadeChain(template, 10, 0);
    const tip = tipHeight(made.chain);
    const at = (nextBlock: boolean, sender: number, peer: number): void =>
      made.push({ ...transfer(sender, peer), nextBlock });
    for (let h = 2; h <= tip; h++) at(true, 1, 2);
    at(false, 1, 3);
    for (let i = 0; i < 3; i++) at(true, 2, 3);
    // Up to the tip #1 has one transaction more than #2; with the three above it, #2 would have two more.
    const activity = new ChainActivity(made.chain);
    expect(activity.busiest(() => true)).toBe(1);
    expect(activity.busiest((p) => p !== 1)).toBe(2);
  });

  it('agrees on a generated world (genesis funds 300 accounts) and on the blocks mined after it', () => {
    const builder = new ChainBuilder(resolveOptions({ seed: 11, blocks: 60 }));
    const chain = builder.build();
    expect(chain.genesisRecipients.length).toBeGreaterThan(255);
    const index = new AddressIndex(chain);
    const activity = new ChainActivity(chain);
    // The unanchored stream above the tip is no part of the busiest's count.
    expect(chain.txs.height[chain.txs.count - 1]).toBe(tipHeight(chain) + 1);
    expectBruteForce(index, activity, chain, [1, 1]);
    for (let i = 0; i < 4; i++) {
      builder.mine();
      index.extend();
      activity.extend();
    }
    expectBruteForce(index, activity, builder.current, [55, 62]);
  });
});
