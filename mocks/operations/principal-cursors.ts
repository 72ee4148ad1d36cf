import { NO_MICROBLOCK_SEQUENCE, compareText, type TxPosition } from '../query/principal-activity.ts';

/** The highest transaction index a block can hold (the real service's bound for a bare height cursor). */
const MAX_TX_INDEX = 0x7fff;

/**
 * A transaction cursor (`height:sequence:index`, the spec's pattern already checked). A cursor
 * `height:0:0` that names no transaction means the top of block `height`, as the real service
 * reads it; any other names a position, whether or not a transaction is there.
 */
export function txCursor(cursor: string, exists: (p: TxPosition) => boolean): TxPosition {
  const [height, sequence, txIndex] = cursor.split(':').map(Number) as [number, number, number];
  const named = { height, sequence, txIndex };
  if (sequence !== 0 || txIndex !== 0 || exists(named)) return named;
  return { height, sequence: NO_MICROBLOCK_SEQUENCE, txIndex: MAX_TX_INDEX };
}

/** `type:identifier` (split at the first colon: identifiers hold `::`). */
export function assetCursor(cursor: string): { assetType: number; identifier: string } {
  const colon = cursor.indexOf(':');
  return { assetType: Number(cursor.slice(0, colon)), identifier: cursor.slice(colon + 1) };
}

/** Whether (type, identifier) comes at or after the cursor's, both ascending. */
export function assetAtOrAfter(
  row: { assetType: number; identifier: string },
  cursor: { assetType: number; identifier: string },
): boolean {
  return (
    row.assetType > cursor.assetType ||
    (row.assetType === cursor.assetType && compareText(row.identifier, cursor.identifier) >= 0)
  );
}

/** `value:asset` or `balance:asset`: a first part without a colon, then the asset identifier. */
export function splitFirst(cursor: string): [string, string] {
  const colon = cursor.indexOf(':');
  return [cursor.slice(0, colon), cursor.slice(colon + 1)];
}
