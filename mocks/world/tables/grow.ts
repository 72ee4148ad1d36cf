type Column = Uint8Array | Int32Array | Uint32Array | Float64Array;

/**
 * A copy of `from` with room for `length` items, the new ones 0. Callers grow by doubling, so an
 * append stays O(1) amortized while every item stays in one typed array, off the JS heap.
 */
export function grow<T extends Column>(from: T, length: number, Kind: new (n: number) => T): T {
  const to = new Kind(length);
  to.set(from);
  return to;
}
