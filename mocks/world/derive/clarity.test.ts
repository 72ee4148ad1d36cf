import { Cl, ClarityType, cvToHex } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { pairOf, uintPair } from './clarity.ts';

describe('a Clarity value printed as the real service prints it', () => {
  it('writes a principal as a quoted literal, inside any value, and the rest as @stacks/transactions', () => {
    const contract = 'SP1NQ3F5CXWWM739YFQPAYDWRM91V1F2593A1CAQJ.valentine-vault';
    const value = Cl.ok(
      Cl.tuple({
        who: Cl.some(Cl.principal(contract)),
        ids: Cl.list([Cl.uint(1), Cl.stringAscii('x')]),
        none: Cl.none(),
      }),
    );
    expect(pairOf(value).repr).toBe(`(ok (tuple (who (some '${contract})) (ids (list u1 "x")) (none none)))`);
    expect(pairOf(Cl.principal('SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07')).repr).toBe(
      "'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07",
    );
  });
});

describe('a uint pair', () => {
  it('is what @stacks/transactions writes and prints, small, large and past 2^53', () => {
    for (const value of [0, 7, 100_001, 2 ** 53 - 1, 2n ** 128n - 1n])
      expect(uintPair(value)).toEqual(pairOf(Cl.uint(value)));
  });
});

describe('a buffer’s pair', () => {
  it('writes the hex stacks.js writes, for a large buffer and for hex it writes otherwise', () => {
    const buffers = [
      Cl.buffer(new Uint8Array(0)),
      Cl.buffer(Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) & 0xff)),
      { type: ClarityType.Buffer, value: 'ABcd' } as const,
      { type: ClarityType.Buffer, value: 'abc' } as const,
    ];
    for (const value of buffers) expect(pairOf(value).hex).toBe(cvToHex(value));
  });
});
