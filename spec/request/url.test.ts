import { describe, expect, it } from 'vitest';
import { loadSpec, urlFor } from '../load.ts';
import { operationPaths, urlBuilder } from './url.ts';

describe('the typed URL builder', () => {
  it("fills an operation's path from the spec and writes its query, a list as the parameter repeated", () => {
    expect(urlFor('get_status')).toBe('/extended');
    expect(urlFor('get_block', { path: { height_or_hash: 'latest' } })).toBe('/extended/v2/blocks/latest');
    expect(urlFor('get_tx_list_details', { query: { tx_id: ['0xa', '0xb'], event_limit: 5 } })).toBe(
      '/extended/v1/tx/multiple?tx_id=0xa&tx_id=0xb&event_limit=5',
    );
    expect(urlFor('get_account_balance', { path: { principal: 'SP1.c' }, query: { unanchored: true } })).toBe(
      '/extended/v1/address/SP1.c/balances?unanchored=true',
    );
  });

  it('percent-encodes values, so a value never changes the path it goes in', () => {
    expect(urlFor('get_block', { path: { height_or_hash: 'a/b?c' } })).toBe('/extended/v2/blocks/a%2Fb%3Fc');
  });

  it('says which operation it does not know, and which path parameter is missing', () => {
    const build = urlBuilder(operationPaths(loadSpec()));
    expect(() => build('get_nothing' as 'get_status')).toThrow(/no operation get_nothing/);
    expect(() => build('get_block', { path: {} as { height_or_hash: string } })).toThrow(
      /get_block needs its path parameter height_or_hash/,
    );
  });
});
