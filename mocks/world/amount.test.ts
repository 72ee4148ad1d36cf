import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountOf,
  bigAmount,
  compareAmounts,
  MAX_AMOUNT,
  parseAmount,
  subtractAmounts,
} from './amount.ts';
import { AmountColumn } from './tables/amount-column.ts';

const SAFE = Number.MAX_SAFE_INTEGER;

describe('Amount: a number while a safe integer, a bigint past it', () => {
  it('adds and subtracts exactly across 2^53, in the one form', () => {
    expect(addAmounts(SAFE, 1)).toBe(2n ** 53n);
    expect(addAmounts(1, 2)).toBe(3);
    expect(subtractAmounts(2n ** 53n, 1)).toBe(SAFE);
    expect(subtractAmounts(MAX_AMOUNT, MAX_AMOUNT - 5n)).toBe(5);
    let sum: bigint | number = 0;
    for (let i = 0; i < 1000; i++) sum = addAmounts(sum, 2n ** 120n + 1n);
    expect(sum).toBe(1000n * (2n ** 120n + 1n));
  });

  it('compares a number and a bigint exactly', () => {
    expect(compareAmounts(SAFE, 2n ** 53n)).toBeLessThan(0);
    expect(compareAmounts(2n ** 53n + 1n, SAFE)).toBeGreaterThan(0);
    expect(compareAmounts(amountOf(7n), 7)).toBe(0);
    expect(amountOf(7n)).toBe(7);
    expect(bigAmount(7)).toBe(7n);
  });

  it('reads an amount up to 2^128 - 1 and nothing else', () => {
    expect(parseAmount(`${MAX_AMOUNT}`)).toBe(MAX_AMOUNT);
    expect(parseAmount('9007199254740993')).toBe(9007199254740993n);
    expect(parseAmount('12')).toBe(12);
    expect(parseAmount(SAFE)).toBe(SAFE);
    for (const bad of [`${MAX_AMOUNT + 1n}`, '-1', '1.5', '', ' 1', -1, 1.5, 2 ** 53, 'x'])
      expect(parseAmount(bad), String(bad)).toBeUndefined();
  });
});

describe('AmountColumn', () => {
  it('keeps each row exactly, a double where it fits and the rest beside', () => {
    const column = new AmountColumn(2);
    const values = [5, MAX_AMOUNT, 2n ** 53n + 1n, 0, SAFE];
    column.resize(values.length);
    values.forEach((v, row) => column.set(row, v));
    expect(values.map((_, row) => column.at(row))).toEqual(values);
    column.set(1, 3);
    expect(column.at(1)).toBe(3);
    column.truncate(2);
    column.resize(8);
    column.set(2, 4);
    expect([column.at(0), column.at(1), column.at(2)]).toEqual([5, 3, 4]);
  });
});
