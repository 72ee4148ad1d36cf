/**
 * Micro-STX or micro-units of a token: Clarity's `uint`, 0 to 2^128 − 1. A number while it is a
 * safe integer, a bigint only past 2^53 − 1: a generated world's amounts are all small, so its
 * tables, sums and ledger stay in plain numbers, and only the rare amount a world file or a
 * broadcast declares past 2^53 − 1 costs a bigint. Every helper here gives an amount in that one
 * form, so `===` compares two amounts and `<`, `>` compare any two (JavaScript orders a number
 * and a bigint exactly).
 */
export type Amount = number | bigint;

/** The largest amount: Clarity's `uint`, 2^128 − 1. */
export const MAX_AMOUNT = 2n ** 128n - 1n;

/** The largest STX transfer: a token-transfer payload holds its amount in a u64. */
export const MAX_STX_TRANSFER = 2n ** 64n - 1n;

/** The largest amount a post-condition can state: its wire form holds a u64, where a token moves up to 2^128 − 1. */
export const MAX_CONDITION_AMOUNT = MAX_STX_TRANSFER;

const MAX_NUMBER = BigInt(Number.MAX_SAFE_INTEGER);

/** `value` as an amount: a number when it is a safe integer. */
export function amountOf(value: bigint): Amount {
  return value <= MAX_NUMBER && value >= -MAX_NUMBER ? Number(value) : value;
}

/** The amount as a bigint, exactly. */
export function bigAmount(value: Amount): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** a + b, exactly; in numbers while the sum is a safe integer. */
export function addAmounts(a: Amount, b: Amount): Amount {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return amountOf(bigAmount(a) + bigAmount(b));
}

/** a − b, exactly. */
export function subtractAmounts(a: Amount, b: Amount): Amount {
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = a - b;
    if (Number.isSafeInteger(difference)) return difference;
  }
  return amountOf(bigAmount(a) - bigAmount(b));
}

/**
 * An amount as a world file, the control plane or the engine writes it (a string of decimal
 * digits, or an integer that is a safe one), or undefined when it is none: negative, not an
 * integer, past 2^128 − 1.
 */
export function parseAmount(value: unknown): Amount | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'bigint') return value >= 0n && value <= MAX_AMOUNT ? amountOf(value) : undefined;
  if (typeof value !== 'string' || !/^[0-9]{1,39}$/.test(value)) return undefined;
  const exact = BigInt(value);
  return exact <= MAX_AMOUNT ? amountOf(exact) : undefined;
}

/** A sort's comparison of two amounts: negative when a < b, positive when a > b, 0 when equal. */
export function compareAmounts(a: Amount, b: Amount): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
