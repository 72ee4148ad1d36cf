import { Cl, cvToHex } from '@stacks/transactions';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineImages } from '../../../testing/worlds/engine-images.ts';
import type { EngineImage, HostedEngine } from '../engine-wire.ts';
import { startEngine, storeImageFile } from '../load.ts';
import { endKeptThreads } from './engine-bridge.ts';

const DEPLOYER = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const KEPT = `${DEPLOYER}.kept`;
const SOURCE =
  '(define-data-var n uint u0)\n(define-public (inc) (begin (var-set n (+ (var-get n) u1)) (ok (var-get n))))';

function deployKept(engine: HostedEngine): void {
  const [outcome] = engine.mineBlock([{ kind: 'deploy', sender: DEPLOYER, name: 'kept', source: SOURCE }]);
  expect(outcome?.committed).toBe(true);
}

function inc(engine: HostedEngine): void {
  const [outcome] = engine.mineBlock([
    { kind: 'call', sender: DEPLOYER, contract: KEPT, fn: 'inc', args: [] },
  ]);
  expect(outcome?.committed).toBe(true);
}

// Each test's first engine on a new thread: one kept before holds the memory an earlier file's sessions left it.
beforeEach(endKeptThreads);

describe("a closed engine's thread", () => {
  it('runs the next engine, which holds nothing of the last: a new session, or the image it starts from', async () => {
    const first = await startEngine();
    const booted = first.tip;
    deployKept(first);
    inc(first);
    const image = await first.imageLater();
    await first.close();
    expect(first.lost).toBe(true);
    expect(() => first.dataVar(KEPT, 'n')).toThrow(/thread was stopped/);

    const second = await startEngine();
    try {
      expect(second.thread).toBe(first.thread);
      // Closed again, the first engine leaves its thread to the second.
      await first.close();
      expect(second.tip).toEqual(booted);
      expect(second.contracts()).not.toContain(KEPT);
      // The same deployment again: refused, had the last session's contract stayed.
      deployKept(second);
      expect(second.dataVar(KEPT, 'n')).toBe(cvToHex(Cl.uint(0)));
    } finally {
      await second.close();
    }

    const third = await startEngine(undefined, { restore: image });
    try {
      expect(third.thread).toBe(first.thread);
      expect(third.tip).toEqual(image.tip);
      expect(third.dataVar(KEPT, 'n')).toBe(cvToHex(Cl.uint(1)));
      inc(third);
      expect(third.dataVar(KEPT, 'n')).toBe(cvToHex(Cl.uint(2)));
    } finally {
      await third.close();
    }
  }, 60_000);

  it('ends with it when a call was still on its way: the next engine gets a thread of its own', async () => {
    const busy = await startEngine();
    // An image: a copy of the session's memory, tens of milliseconds, so still on its way at the close.
    const answer = expect(busy.imageLater()).rejects.toThrow(/thread was stopped/);
    await busy.close();
    await answer;
    const next = await startEngine();
    try {
      expect(next.thread).not.toBe(busy.thread);
      expect(next.contracts()).toEqual(expect.any(Array));
    } finally {
      await next.close();
    }
  }, 60_000);
});

describe('an image a renewed session writes', () => {
  // A booted session's image, taken before the file's own folder replaces the machine's (whose
  // booted image saves a boot).
  let booted: EngineImage;
  beforeAll(async () => {
    const engine = await startEngine();
    booted = await engine.imageLater();
    await engine.close();
  }, 60_000);
  engineImages('fresh');

  it('leaves out the memory past the last session’s, and engines start from it on a kept thread and on a new one', async () => {
    const first = await startEngine(undefined, { restore: booted });
    deployKept(first);
    await first.close();
    const renewed = await startEngine(undefined, { restore: booted });
    expect(renewed.thread).toBe(first.thread);
    deployKept(renewed);
    inc(renewed);
    const stored = await storeImageFile('kept-threads', null, (file) => renewed.writeImageLater(file));
    await renewed.close();
    const unused = stored?.image.session.unused ?? [];
    expect(unused.length).toBeGreaterThan(0);
    for (const [from, to] of unused) expect(to).toBeGreaterThan(from);

    const engines = await Promise.all([0, 1].map(() => startEngine(undefined, { restore: stored?.image })));
    try {
      expect(new Set(engines.map((engine) => engine.thread)).size).toBe(2);
      expect(engines.map((engine) => engine.thread)).toContain(first.thread);
      for (const engine of engines) {
        expect(engine.dataVar(KEPT, 'n')).toBe(cvToHex(Cl.uint(1)));
        inc(engine);
        expect(engine.dataVar(KEPT, 'n')).toBe(cvToHex(Cl.uint(2)));
      }
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
  }, 60_000);
});
