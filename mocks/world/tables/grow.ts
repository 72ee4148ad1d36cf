export type TypedArray = Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** A copy of `from` at `length` elements: cut, or padded with zeros. */
export function grow<T extends TypedArray>(from: T, length: number, Kind: new (n: number) => T): T {
  const to = new Kind(length);
  to.set(from.subarray(0, Math.min(from.length, length)) as never);
  return to;
}
