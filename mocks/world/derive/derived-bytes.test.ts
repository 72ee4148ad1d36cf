import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { TxTable } from '../tables/tx-table.ts';
import { derivedHex } from './derived-bytes.ts';

describe('derivedHex', () => {
  const table = new TxTable(4);
  for (let i = 0; i < 2; i++) {
    table.push({
      action: 0,
      status: 0,
      flags: 0,
      height: 1,
      sender: 0,
      sponsor: -1,
      nonce: 0,
      sponsorNonce: 0,
      fee: 0,
      contract: -1,
      peer: -1,
      amount: 0,
      aux: 0,
      micro: -1,
      drafted: -1,
    });
  }
  const rng = new Rng(1);
  table.drawId(0, rng);
  table.drawId(1, rng);

  it('is a pure function of the transaction and the salt', () => {
    expect(derivedHex(table, 0, 3, 20)).toBe(derivedHex(table, 0, 3, 20));
    expect(derivedHex(table, 0, 3, 20)).not.toBe(derivedHex(table, 0, 4, 20));
    expect(derivedHex(table, 0, 3, 20)).not.toBe(derivedHex(table, 1, 3, 20));
  });

  it('has the requested length', () => {
    expect(derivedHex(table, 1, 0, 132)).toMatch(/^0x[0-9a-f]{264}$/);
  });
});
