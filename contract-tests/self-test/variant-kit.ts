/** What the variants of the self-test share: reading a JSON body, the exploration's case count and test. */

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Cases for the variants only the exploration catches (and their control, the faithful mock). */
export const EXPLORING = 120;
/** The exploration's test, the one that catches what only a chain of requests shows. */
export const EXPLORATION = /^exploration > /;

/** A µSTX amount (a decimal string) moved by `by`. */
export function plus(amount: unknown, by: bigint): string {
  return String(BigInt(String(amount)) + by);
}
