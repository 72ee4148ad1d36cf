import { Cl, cvToHex, privateKeyToPublic, signStructuredData, type UIntCV } from '@stacks/transactions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineRefusal, type EngineTx, type TxOutcome } from './engine.ts';
import type { HostedEngine } from './engine-wire.ts';
import { startEngine } from './load.ts';
import { CALL_BUDGET, EngineTimeout, OWN_WORK_BUDGET } from './node/engine-bridge.ts';
import { ClarityUnavailable } from './unavailable.ts';

const DEPLOYER = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const ALICE = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
const COUNTER = `${DEPLOYER}.counter`;
const SOURCE = `(define-constant owner tx-sender)
(define-constant limit (+ u40 u2))
(define-data-var n uint u0)
(define-map seen principal uint)
(define-public (inc) (begin (var-set n (+ (var-get n) u1)) (map-set seen tx-sender (var-get n)) (print { n: (var-get n) }) (ok (var-get n))))
(define-public (fail) (begin (var-set n u99) (err u7)))
(define-read-only (get-n) (var-get n))
(define-read-only (echo (who principal) (label (string-ascii 9)) (note (string-utf8 9)) (pair { a: int, b: (buff 2) })) (ok { who: who, label: label, note: note, pair: pair, caller: tx-sender }))`;

// One engine for the file: a session costs a second or more.
let engine: HostedEngine;
let deployedAt: number;
beforeAll(async () => {
  engine = await startEngine();
  engine.mintStx(ALICE, 1_000_000n);
  const [deploy] = engine.mineBlock([{ kind: 'deploy', sender: DEPLOYER, name: 'counter', source: SOURCE }]);
  expect(deploy?.result).toBe(cvToHex(Cl.bool(true)));
  deployedAt = engine.tip.height;
  engine.mineBlock([{ kind: 'call', sender: ALICE, contract: COUNTER, fn: 'inc', args: [] }]);
}, 60_000);

function uint(n: number): string {
  return cvToHex(Cl.uint(n));
}

describe('the Clarity engine (clarinet-sdk simnet)', () => {
  it('runs a block of calls in order: an (err …) is rolled back, a print is an event', () => {
    const outcomes = engine.mineBlock([
      { kind: 'call', sender: ALICE, contract: COUNTER, fn: 'fail', args: [] },
      { kind: 'call', sender: ALICE, contract: COUNTER, fn: 'inc', args: [] },
      { kind: 'transfer', sender: ALICE, recipient: DEPLOYER, amount: 500n },
    ]);
    expect(outcomes.map((o) => o.committed)).toEqual([false, true, true]);
    expect(outcomes[0]?.result).toBe(cvToHex(Cl.error(Cl.uint(7))));
    expect(outcomes[1]?.events.map((e) => e.type)).toEqual(['print_event']);
    expect(outcomes[2]?.events[0]).toMatchObject({ type: 'stx_transfer_event', data: { amount: '500' } });
    expect(engine.dataVar(COUNTER, 'n')).toBe(uint(2));
  });

  it('reads a data var, a map entry, a constant, the interface and the source', () => {
    expect(engine.mapEntry(COUNTER, 'seen', cvToHex(Cl.principal(ALICE)))).toBe(cvToHex(Cl.some(Cl.uint(2))));
    expect(engine.mapEntry(COUNTER, 'seen', cvToHex(Cl.principal(DEPLOYER)))).toBe(cvToHex(Cl.none()));
    expect(engine.constant(COUNTER, 'owner')).toBe(cvToHex(Cl.principal(DEPLOYER)));
    expect(engine.constant(COUNTER, 'limit')).toBe(uint(42));
    expect(engine.constant(COUNTER, 'nothing')).toBeUndefined();
    expect(engine.dataVar(COUNTER, 'nothing')).toBeUndefined();
    expect(engine.contractInterface(COUNTER)?.functions.map((f) => f.name)).toContain('inc');
    expect(engine.source(COUNTER)).toEqual({ source: SOURCE, publishHeight: deployedAt, clarityVersion: 4 });
    expect(engine.contracts()).toEqual([COUNTER]);
    const pox = engine.callReadOnly(`${engine.bootAddress}.pox-4`, 'get-pox-info', [], ALICE);
    expect(pox.okay && Cl.deserialize(pox.result)).toMatchObject({ type: 'ok' });
  });

  it('calls a read-only function as a sender, now and as of an older block', () => {
    const args = [
      cvToHex(Cl.principal(ALICE)),
      cvToHex(Cl.stringAscii('a "q"')),
      cvToHex(Cl.stringUtf8('é ü')),
      cvToHex(Cl.tuple({ a: Cl.int(-3), b: Cl.bufferFromHex('beef') })),
    ];
    const now = engine.callReadOnly(COUNTER, 'echo', args, ALICE);
    const then = engine.callReadOnly(COUNTER, 'echo', args, ALICE, deployedAt);
    expect(now.okay && Cl.deserialize(now.result)).toMatchObject({ type: 'ok' });
    expect(then).toEqual(now);
    expect(engine.callReadOnly(COUNTER, 'get-n', [], ALICE, deployedAt)).toEqual({
      okay: true,
      result: uint(0),
    });
    expect(engine.callReadOnly(COUNTER, 'get-n', [], ALICE)).toEqual({ okay: true, result: uint(2) });
    const unknown = engine.callReadOnly(COUNTER, 'nope', [], ALICE);
    expect(unknown).toMatchObject({ okay: false, cause: expect.stringContaining('nope') });
  });

  it('refuses a contract that does not analyse, with the engine’s one line, across its thread intact', () => {
    let refused: unknown;
    try {
      engine.mineBlock([
        { kind: 'deploy', sender: DEPLOYER, name: 'bad', source: '(define-read-only (x) (+ u1 1))' },
      ]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(EngineRefusal);
    const refusal = refused as EngineRefusal;
    expect(refusal.message).toMatch(/^[^\n]*expecting expression of type 'uint', found 'int'[^\n]*$/);
    expect(refusal.reason).toBe(refusal.message.slice(refusal.message.lastIndexOf(' -> ') + 4));
    expect(refusal.tooExpensive).toBe(false);
  });

  it('moves its burn height forward on demand, never back', () => {
    const { height, burnHeight } = engine.tip;
    engine.advanceTo(height + 3, burnHeight + 2);
    expect(engine.tip.burnHeight).toBe(burnHeight + 2);
    expect(engine.tip.height).toBeGreaterThanOrEqual(height + 3);
  });

  it('runs calls while the caller’s thread goes on, in order; a call made meanwhile waits for them, then reads its own answer', async () => {
    const inc: EngineTx = { kind: 'call', sender: ALICE, contract: COUNTER, fn: 'inc', args: [] };
    const n = Number((Cl.deserialize(engine.dataVar(COUNTER, 'n') ?? '') as UIntCV).value);
    const first = engine.callLater({ method: 'mineBlock', args: [[inc]] });
    const second = engine.callLater({ method: 'mineBlock', args: [[inc]] });
    const refused = engine
      .callLater({ method: 'mineBlock', args: [[{ ...inc, fn: 'no-such-fn' }]] })
      .catch((error: unknown) => error);
    // Made while the first runs and the others wait: it reads what all three did, never their answers.
    expect(engine.dataVar(COUNTER, 'n')).toBe(uint(n + 2));
    const results = ((await Promise.all([first, second])) as TxOutcome[][]).map(([o]) => o?.result);
    expect(results).toEqual([n + 1, n + 2].map((i) => cvToHex(Cl.ok(Cl.uint(i)))));
    expect(await refused).toBeInstanceOf(EngineRefusal);
    expect(await engine.callLater({ method: 'dataVar', args: [COUNTER, 'n'] })).toBe(uint(n + 2));
  });

  it('signs structured data and names the public key on its thread, as stacks.js does on this one', async () => {
    const privateKey = '753b7cc01a1a2e86221266a154af739463fce51219d97e4f856cd7200c3bd2a601';
    const message = Cl.tuple({ topic: Cl.stringAscii('stack-stx'), period: Cl.uint(3) });
    const domain = Cl.tuple({
      name: Cl.stringAscii('pox-4-signer'),
      version: Cl.stringAscii('1.0.0'),
      'chain-id': Cl.uint(1),
    });
    const signed = await engine.signLater([
      { privateKey, messageHex: cvToHex(message), domainHex: cvToHex(domain) },
    ]);
    expect(signed).toEqual([
      {
        signature: signStructuredData({ message, domain, privateKey }),
        publicKey: privateKeyToPublic(privateKey),
      },
    ]);
  });

  it('goes on in a new engine from an image of this one: the same reads, the same next block, then a chain of its own', async () => {
    const image = await engine.imageLater();
    const copy = await startEngine(undefined, { restore: image });
    try {
      expect(copy.tip).toEqual(engine.tip);
      expect(copy.dataVar(COUNTER, 'n')).toBe(engine.dataVar(COUNTER, 'n'));
      expect(copy.mapEntry(COUNTER, 'seen', cvToHex(Cl.principal(ALICE)))).toBe(
        engine.mapEntry(COUNTER, 'seen', cvToHex(Cl.principal(ALICE))),
      );
      expect(copy.source(COUNTER)).toEqual(engine.source(COUNTER));
      expect(copy.contractInterface(COUNTER)).toEqual(engine.contractInterface(COUNTER));
      const inc: EngineTx = { kind: 'call', sender: ALICE, contract: COUNTER, fn: 'inc', args: [] };
      expect(copy.mineBlock([inc])).toEqual(engine.mineBlock([inc]));
      copy.mineBlock([inc]);
      expect(copy.dataVar(COUNTER, 'n')).not.toBe(engine.dataVar(COUNTER, 'n'));
    } finally {
      await copy.close();
    }
  });

  it('refuses an image whose session does not stand where the image says, with one line', async () => {
    const image = await engine.imageLater();
    const elsewhere = { ...image, tip: { ...image.tip, height: image.tip.height + 1 } };
    await expect(startEngine(undefined, { restore: elsewhere })).rejects.toThrow(
      /^the restored session stands at \d+\/\d+, its image at \d+\/\d+$/,
    );
  });

  it('without its package, answers the one error that names the package to install', async () => {
    const missing = startEngine('@stacks/clarinet-sdk-not-installed');
    await expect(missing).rejects.toThrow(ClarityUnavailable);
    await expect(missing).rejects.toThrow(
      /^this needs the Clarity engine: install @stacks\/clarinet-sdk beside the mock/,
    );
    await expect(missing).rejects.toMatchObject({ reason: expect.stringMatching(/^Cannot find package/) });
  });

  // Last: it stops this file's engine. A synchronous call's budget is api/clarity-hostile.test.ts's.
  // The budget is the engine's CPU time: on a busy machine, several times that of wall-clock time.
  it('stops a call that runs past its budget, this thread free meanwhile: refused as too expensive, the engine lost', async () => {
    const list = `(list ${Array.from({ length: 1000 }, (_, i) => `u${i}`).join(' ')})`;
    const spinner = `(define-constant L ${list})
(define-private (h (i uint) (acc (buff 32))) (sha256 acc))
(define-private (inner (i uint) (acc (buff 32))) (fold h L acc))
(define-private (outer (i uint) (acc (buff 32))) (fold inner L acc))
(define-public (spin) (ok (fold outer L 0x00)))`;
    engine.mineBlock([{ kind: 'deploy', sender: DEPLOYER, name: 'spinner', source: spinner }]);
    const spin: EngineTx = {
      kind: 'call',
      sender: ALICE,
      contract: `${DEPLOYER}.spinner`,
      fn: 'spin',
      args: [],
    };
    let settled = false;
    const spun = engine.callLater({ method: 'mineBlock', args: [[spin]] }).finally(() => (settled = true));
    // Three turns of this thread's event loop while the engine spins (for seconds).
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await expect(spun).rejects.toThrow(EngineTimeout);
    expect(() => engine.mineBlock([spin])).toThrow(/stopped/);
    expect(new EngineTimeout('mineBlock', CALL_BUDGET).tooExpensive).toBe(true);
    expect(engine.lost).toBe(true);
  }, 120_000);

  it("holds the mock's own work on the thread (an image, signatures, the boot interfaces) to no call's budget", () => {
    // On a loaded machine the boot interfaces took past 5 s: the engine was stopped and every
    // boot contract's exported interface lost its epoch. The bridge states this budget for them
    // (node/engine-crossing.test.ts: each crossing is held to the budget its caller states).
    expect(OWN_WORK_BUDGET.ms).toBeGreaterThanOrEqual(60_000);
    for (const method of ['image', 'sign', 'bootInterfaces'] as const) {
      expect(new EngineTimeout(method, OWN_WORK_BUDGET).tooExpensive).toBe(false);
      expect(new EngineTimeout(method, OWN_WORK_BUDGET).message).toContain('120 s');
    }
  });
});
