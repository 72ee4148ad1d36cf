import { describe, expect, it } from 'vitest';
import { failureLine, short, stx } from './format.ts';

describe('amounts and ids as the page shows them', () => {
  it.each([
    ['0', '0 STX'],
    ['1', '0.000001 STX'],
    ['1000000', '1 STX'],
    ['1234500', '1.2345 STX'],
    ['69441412405', '69,441.412405 STX'],
    ['-2500000', '-2.5 STX'],
    ['340282366920938463463374607431768211455', '340,282,366,920,938,463,463,374,607,431,768.211455 STX'],
  ])('%s micro-STX is %s', (micro, shown) => {
    expect(stx(micro)).toBe(shown);
  });

  it('shortens a hash and keeps a short text', () => {
    expect(short(`0x${'ab'.repeat(32)}`)).toBe('0xabababab…ababab');
    expect(short('SP1')).toBe('SP1');
  });
});

describe('a failed request as the page shows it', () => {
  it('a 429 says the mock was started with a rate limit, when the quota frees, and how to have none', () => {
    const line = failureLine(429, 'Too Many Requests', '42');
    expect(line).toMatch(/^429: Too Many Requests\. /);
    expect(line).toContain('started with a rate limit (--rate-limit)');
    expect(line).toContain('frees in 42 s');
    expect(line).toContain('without --rate-limit');
  });

  it('another status is its code and the body’s message', () => {
    expect(failureLine(404, 'not found', null)).toBe('404: not found');
  });
});
