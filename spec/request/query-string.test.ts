import { parse } from 'node:querystring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-string.ts';

/** Characters a query string is made of, malformed escapes and all. */
const piece = fc.constantFrom(
  'a',
  'tx_id',
  '=',
  '&',
  '+',
  '%',
  '%2',
  '%41',
  '%e2%82%ac',
  '%C3',
  '%zz',
  '0x',
  'é',
  '€',
  ' ',
  '__proto__',
);

describe('parseQuery', () => {
  it.each([
    '',
    'limit=20&offset=0',
    'tx_id=0x1&tx_id=0x2&tx_id=0x3',
    'a=%E2%82%AC&b=%C3&c=%zz&d=+x+',
    '&&a&=&b=1=2&',
    'k%41y=v',
  ])('reads %j as node:querystring does', (query) => {
    expect(parseQuery(query)).toEqual(parse(query));
  });

  it('reads any query as node:querystring does', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const query = pieces.join('');
        expect(parseQuery(query)).toEqual(parse(query));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps at most 1,000 pairs, empty ones counted, as Node does', () => {
    for (const query of ['a=1&'.repeat(1_200), `${'&'.repeat(998)}a=1&b=2`, `x&${'&'.repeat(1_100)}y`])
      expect(parseQuery(query)).toEqual(parse(query));
  });
});
