import { describe, expect, it } from 'vitest';
import { loadSpec, operationById } from '../load.ts';
import { createSpecAjv } from '../schemas.ts';
import { coerceParameter } from './coerce.ts';

const doc = loadSpec();
const ajv = createSpecAjv(doc);
function fits(schema: unknown, value: unknown) {
  return ajv.compile(schema)(value);
}
function schemaOf(opId: string, name: string) {
  return operationById(opId).parameters.find((p) => p.name === name)?.schema;
}
function coerce(opId: string, name: string, raw: unknown) {
  return coerceParameter(doc, schemaOf(opId, name), raw, fits);
}

describe('strict, spec-driven coercion of parameters', () => {
  it('reads a height_or_hash as the branch of anyOf it really matches', () => {
    expect(coerce('get_block', 'height_or_hash', 'latest')).toBe('latest');
    expect(coerce('get_block', 'height_or_hash', '600')).toBe(600);
    const hash = `0x${'af'.repeat(32)}`;
    expect(coerce('get_block', 'height_or_hash', hash)).toBe(hash);
    expect(coerce('get_block', 'height_or_hash', '1'.repeat(64))).toBe('1'.repeat(64));
  });

  it('never reads hex, exponent or padded strings as numbers', () => {
    for (const raw of ['0x10', '1e3', ' 12', '12 ', '+5', '']) {
      expect(coerce('get_account_transactions_with_transfers', 'limit', raw), raw).toBe(raw);
      expect(coerce('get_block', 'height_or_hash', raw), raw).toBe(raw);
    }
  });

  it('reads only true and false as booleans', () => {
    expect(coerce('get_account_balance', 'unanchored', 'true')).toBe(true);
    expect(coerce('get_account_balance', 'unanchored', 'false')).toBe(false);
    for (const raw of ['1', 'yes', 'TRUE'])
      expect(coerce('get_account_balance', 'unanchored', raw)).toBe(raw);
  });

  it('wraps a single value into an array parameter and keeps a repeated scalar as an error', () => {
    expect(coerce('get_tx_list_details', 'tx_id', 'a')).toEqual(['a']);
    expect(coerce('get_account_transactions_with_transfers', 'limit', ['5'])).toBe(5);
    expect(coerce('get_account_transactions_with_transfers', 'limit', ['5', '6'])).toEqual(['5', '6']);
  });
});
