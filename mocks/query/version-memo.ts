/** Something that changes in steps: its `version` goes up with each change (a block, a transaction, a reorg, a reset). */
export interface Versioned {
  readonly version: number;
}

/**
 * The one way the mock drops stale answers: a value computed at most once per version of the
 * world. Whoever reads it after the chain moved gets it computed again from the new chain, so
 * nothing cached (a serialized answer, a balance, the catalogue and its text at /_mock/world)
 * outlives the tip it was computed at. A read costs a comparison of two numbers.
 */
export function perVersion<T>(source: Versioned, compute: () => T): () => T {
  let at = Number.NaN;
  let value: T;
  return () => {
    if (source.version !== at) {
      value = compute();
      at = source.version;
    }
    return value;
  };
}
