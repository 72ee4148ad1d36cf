/** The cursors of a v3 page: its first row's, the next (older) page's and the previous one's. */
export interface PageCursors {
  next: string | null;
  previous: string | null;
  current: string | null;
}

export interface CursorPage<R> {
  /** Every row, in page order (newest or largest first). */
  readonly rows: readonly R[];
  readonly limit: number;
  /** Whether a row is at or after the cursor in page order; no cursor starts at the first row. */
  readonly fromCursor: ((row: R) => boolean) | undefined;
  readonly keyOf: (row: R) => string;
  /**
   * Where `previous` points, as the real service's queries find it: `nearest` is the start of
   * the page before, or the first row when less than a page lies before (transactions and
   * balances); `whole-page` is null unless a whole page lies before (balance changes).
   */
  readonly previous: 'nearest' | 'whole-page';
}

export interface PagedRows<R> {
  readonly results: R[];
  /** The first row's index in `rows`. */
  readonly start: number;
  /** The row after the page, when there is one. */
  readonly following: R | undefined;
  readonly cursor: PageCursors;
}

/**
 * A page of rows by an inclusive cursor, as the real service pages its v3 lists: the cursor names
 * the first row of a page by its position (not by a block), so it stays valid while blocks are
 * added and across a reorg; `next` is the first row of the following page.
 */
export function cursorPage<R>(page: CursorPage<R>): PagedRows<R> {
  const { rows, limit, fromCursor, keyOf } = page;
  const start = firstFrom(rows, fromCursor);
  const fetched = rows.slice(start, start + limit + 1);
  const results = fetched.slice(0, limit);
  const following = fetched.length > limit ? fetched[limit] : undefined;
  let previous: string | null = null;
  if (results.length > 0 && start > 0) {
    const at = page.previous === 'nearest' ? Math.max(0, start - limit) : start - limit;
    if (at >= 0) previous = keyOf(rows[at] as R);
  }
  return {
    results,
    start,
    following,
    cursor: {
      next: following === undefined ? null : keyOf(following),
      previous,
      current: results.length > 0 ? keyOf(results[0] as R) : null,
    },
  };
}

/** `total` as the real service reports it: the count of every row, but 0 on an empty page. */
export function pageTotal(results: readonly unknown[], total: number): number {
  return results.length > 0 ? total : 0;
}

function firstFrom<R>(rows: readonly R[], fromCursor: ((row: R) => boolean) | undefined): number {
  if (!fromCursor) return 0;
  const index = rows.findIndex(fromCursor);
  return index < 0 ? rows.length : index;
}
