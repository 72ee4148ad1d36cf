import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as constantTime from '../http/constant-time.ts';
import { keyVerdict } from '../http/keys.ts';

// Every comparison the key check makes goes through this spy, so the test sees the code path.
vi.mock('../http/constant-time.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../http/constant-time.ts')>();
  return { ...real, sameBytes: vi.fn(real.sameBytes) };
});

const KEYS = ['first-key-0123456789', 'second-key-abcdefghij', 'third-key-zyxwvutsrq'];
const compare = vi.mocked(constantTime.sameBytes);
const verdict = keyVerdict(KEYS, false);

/** Runs the key stage on one request; the answer is 'next' (accepted, or no key) or the refusal's status. */
function check(sent: string | undefined): number | 'next' {
  const v = verdict(sent);
  return 'status' in v ? v.status : 'next';
}

/** What one check compared: the byte lengths of both sides of every comparison. */
function comparisons(sent: string): number[][] {
  compare.mockClear();
  check(sent);
  return compare.mock.calls.map(([a, b]) => [a.length, b.length]);
}

describe('API key comparison', () => {
  beforeEach(() => {
    compare.mockClear();
  });

  it('accepts each configured key and refuses others with 403', () => {
    for (const key of KEYS) expect(check(key)).toBe('next');
    expect(check('not-a-key')).toBe(403);
  });

  it('compares a 32-byte digest in constant time against every key, whatever is sent', () => {
    const sameLengthWrong = `${KEYS[1]?.slice(0, -1)}X`;
    const cases = [KEYS[0], KEYS[2], sameLengthWrong, 'short', 'k'.repeat(10_000), 'ключ-🔑'] as string[];
    const expected = KEYS.map(() => [32, 32]);
    for (const sent of cases) expect(comparisons(sent), sent.slice(0, 20)).toEqual(expected);
  });

  it('takes the same path for a wrong key of the configured length as for one of another length', () => {
    const wrongSameLength = 'x'.repeat(KEYS[0]?.length ?? 0);
    expect(check(wrongSameLength)).toBe(check('x'));
    expect(comparisons(wrongSameLength)).toEqual(comparisons('x'));
  });
});
