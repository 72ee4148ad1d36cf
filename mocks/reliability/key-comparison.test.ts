import * as crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeys } from '../http/keys.ts';

// Every comparison the key check makes goes through this spy, so the test sees the code path.
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, timingSafeEqual: vi.fn(real.timingSafeEqual) };
});

const KEYS = ['first-key-0123456789', 'second-key-abcdefghij', 'third-key-zyxwvutsrq'];
const compare = vi.mocked(crypto.timingSafeEqual);

/** Runs the key stage on one request; the answer is 'next' (accepted, or no key) or the status sent. */
function check(sent: string | undefined): number | 'next' {
  let outcome: number | 'next' = 'next';
  const res = {
    status: (s: number) => ((outcome = s), res),
    set: () => res,
    json: () => res,
    locals: {},
  } as unknown as Response;
  const req = {
    get: (name: string) => (name.toLowerCase() === 'x-api-key' ? sent : undefined),
  } as unknown as Request;
  apiKeys(KEYS, false)(req, res, (() => {}) as NextFunction);
  return outcome;
}

/** What one check compared: the byte lengths of both sides of every timingSafeEqual call. */
function comparisons(sent: string): number[][] {
  compare.mockClear();
  check(sent);
  return compare.mock.calls.map(([a, b]) => [(a as Buffer).length, (b as Buffer).length]);
}

describe('API key comparison', () => {
  beforeEach(() => {
    compare.mockClear();
  });

  it('accepts each configured key and refuses others with 403', () => {
    for (const key of KEYS) expect(check(key)).toBe('next');
    expect(check('not-a-key')).toBe(403);
  });

  it('compares a 32-byte digest with timingSafeEqual against every key, whatever is sent', () => {
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
