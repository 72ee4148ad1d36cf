import { listOperations } from '../../spec/load.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specFields } from './spec-fields.ts';
import { doc, operations } from '../spec-context.ts';
import { fieldRows, renderFieldTable, selectorPattern, TABLE_RULES } from './field-table.ts';
import { UNCHECKED } from './field-rules.ts';
import { FIELD_TABLE_PATH } from './write-field-table.ts';

const rows = fieldRows(doc, operations);
const keys = operations.flatMap((op) => specFields(doc, op).map((f) => `${op.operationId} ${f.path}`));

describe('the field table (docs/fields.md)', () => {
  it('is the one the code generates: run `npx tsx contract-tests/fields/write-field-table.ts` after changing a check or the spec', () => {
    expect(readFileSync(FIELD_TABLE_PATH, 'utf8')).toBe(renderFieldTable(doc, operations));
  });

  it('lists every response field of every operation, each with a rule or the reason none can be checked', () => {
    expect(new Set(rows.map((r) => r.operationId)).size).toBe(listOperations().length);
    expect(rows.length).toBeGreaterThan(500);
    const bare = rows.filter((r) => r.rules.length === 0 && !r.container && r.unchecked === undefined);
    expect(bare.map((r) => `${r.operationId} ${r.path}`)).toEqual([]);
  });

  it('names only fields the spec has: every rule\u2019s field and every reason matches one', () => {
    for (const r of TABLE_RULES)
      for (const selector of r.fields)
        expect(
          keys.some((k) => selectorPattern(selector).test(k)),
          `${r.name}: ${selector}`,
        ).toBe(true);
    const unruled = rows.filter((r) => r.rules.length === 0).map((r) => `${r.operationId} ${r.path}`);
    for (const u of UNCHECKED)
      expect(
        unruled.some((k) => selectorPattern(u.selector).test(k)),
        `reason for ${u.selector}`,
      ).toBe(true);
  });

  it('reads selectors as globs: `**.` any depth, `*` one segment', () => {
    expect(selectorPattern('* **.tx.fee_rate').test('get_block results[].tx.fee_rate')).toBe(true);
    expect(selectorPattern('* **.tx.fee_rate').test('get_block tx.fee_rate')).toBe(true);
    expect(selectorPattern('get_block *').test('get_block hash')).toBe(true);
    expect(selectorPattern('get_block *').test('get_block a.b')).toBe(false);
    expect(selectorPattern('get_status **').test('get_status chain_tip.block_height')).toBe(true);
  });
});
