import { urlFor } from '../spec/load.ts';
import { describe, expect, it } from 'vitest';
import type { LiveChain, WorldRestorer } from './control/live-chain.ts';
import { nodeSources } from './create-mock.ts';
import type { MockKernel } from './kernel.ts';
import { kernelReads } from './kernel-reads.ts';
import {
  everyAnswer,
  liveMock,
  OPTIONS,
  parties,
  samplePrincipals,
} from '../testing/worlds/live-chain-kit.ts';
import { WorldQueries } from './query/world-queries.ts';
import { sampleUrls } from './sample-urls.ts';
import { decodeWorld, encodeWorld, snapshotKey } from './world-snapshot.ts';
import { buildChain } from './world/generate/build-chain.ts';
import { resolveOptions } from './world/options.ts';

const SNAPSHOT = encodeWorld(OPTIONS);

/** The tests' mock, its world restored by `restore` (or built, when it restores none). */
function mockRestoring(restore: WorldRestorer): MockKernel {
  return liveMock(0, { ...nodeSources(undefined), restore });
}

/** Every answer a client can see, for the world index's principals and the two the test moves STX between. */
function answers(mock: MockKernel, moved: string[]): string {
  return everyAnswer(mock, [...new Set([...samplePrincipals(mock), ...moved])]);
}

describe('the world snapshot (the build restores the default world from one)', () => {
  it('a restored living chain answers as a built one, before and after mine, submit, reorg and reset', () => {
    let restores = 0;
    const restored = mockRestoring((options) => {
      restores++;
      return decodeWorld(SNAPSHOT, options);
    });
    const built = mockRestoring(() => undefined);
    expect(restores).toBe(1);
    const { sender, recipient } = parties(built);
    const moved = [sender, recipient];
    // Each step's result is compared; every answer (a few seconds each) after the steps marked.
    const steps: [string, (live: LiveChain) => unknown, boolean][] = [
      ['start', () => undefined, true],
      [
        'submit',
        (l) => l.submit({ type: 'token_transfer', sender, recipient, amount: 42_000, fee: 1000, memo: 'x' }),
        false,
      ],
      ['mine 3', (l) => l.mine(3), false],
      ['reorg 2', (l) => l.reorg(2), false],
      ['mine', (l) => l.mine(), true],
      ['reset', (l) => l.reset(), false],
      ['mine 2 after the reset', (l) => l.mine(2), false],
      ['reset again', (l) => l.reset(), false],
      ['reorg 1 of the reset world', (l) => l.reorg(1), true],
    ];
    for (const [step, act, compareAll] of steps) {
      expect(JSON.stringify(act(restored.live)), step).toBe(JSON.stringify(act(built.live)));
      if (compareAll) expect(answers(restored, moved), step).toBe(answers(built, moved));
    }
    expect(restores).toBe(3);
  });

  it('knows the sample URLs of the world it restores, as they are worked out on a built one', () => {
    const restored = decodeWorld(SNAPSHOT, OPTIONS);
    if (!restored) throw new Error('not restored');
    expect(sampleUrls(new WorldQueries(restored.chain, restored.catalogue), urlFor)).toEqual(
      sampleUrls(new WorldQueries(buildChain(OPTIONS)), urlFor),
    );
  });

  it('finds every transaction id on its first lookup as the built chain has it, each restore after another was read', () => {
    // The id columns remember the last state they found (a cursor): its row and state must be one
    // read's when encoded, and one restore's reads must not move another's.
    const built = buildChain(OPTIONS);
    for (let row = 0; row < built.txs.count; row++) {
      const restored = decodeWorld(SNAPSHOT, OPTIONS);
      expect(restored?.chain.txs.idHex(row), `row ${row}`).toBe(built.txs.idHex(row));
    }
  });

  it('is restored only for the options it was made for', () => {
    expect(decodeWorld(SNAPSHOT, OPTIONS)?.chain.txs.count).toBeGreaterThan(0);
    expect(decodeWorld(SNAPSHOT, resolveOptions({ ...OPTIONS, seed: OPTIONS.seed + 1 }))).toBeUndefined();
    expect(decodeWorld(SNAPSHOT, resolveOptions({ ...OPTIONS, tipTime: 1_800_000_000 }))).toBeUndefined();
    const declared = { ...OPTIONS, declared: {} } as unknown as typeof OPTIONS;
    expect(snapshotKey(declared)).toBeUndefined();
    expect(decodeWorld(SNAPSHOT, declared)).toBeUndefined();
  });

  it('is refused, not misread, when its serialization format is newer than this V8 reads (the world is then built)', () => {
    const keyLength = 4 + SNAPSHOT.readUInt32LE(0);
    expect(SNAPSHOT[keyLength]).toBe(0xff);
    const newer = Buffer.from(SNAPSHOT);
    newer[keyLength + 1] = (SNAPSHOT[keyLength + 1] as number) + 1;
    expect(decodeWorld(newer, OPTIONS)).toBeUndefined();
    expect(decodeWorld(SNAPSHOT, OPTIONS)).toBeDefined();
  });

  it('gives each restore a world of its own: one living chain moving leaves another restored one as it was', () => {
    const first = mockRestoring((o) => decodeWorld(SNAPSHOT, o)).live;
    const mock = mockRestoring((o) => decodeWorld(SNAPSHOT, o));
    const second = mock.live;
    const world = kernelReads(mock);
    const before = JSON.stringify(world.get('get_block', { path: { height_or_hash: 'latest' } }));
    first.mine(2);
    first.reset();
    first.mine(1);
    expect(first.tip().height).toBe(OPTIONS.blocks + 1);
    expect(JSON.stringify(world.get('get_block', { path: { height_or_hash: 'latest' } }))).toBe(before);
    expect(second.tip().height).toBe(OPTIONS.blocks);
  });
});
