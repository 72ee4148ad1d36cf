import type { components } from '../../spec/types.ts';

/**
 * Paging, in one place for every list the mock answers. A query answers a `Listing`: how many
 * rows, and the row at a position, read on demand; the handler pages it (`offsetPage`,
 * `cursorPage`), so a page builds its own rows only, whatever the list's length.
 */

/** Which rows a page shows: `limit` of them from position `offset`. */
export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

/** A list as a query answers it, in the list's order (newest or largest first). */
export interface Listing<R> {
  readonly total: number;
  /** The row at `position`, 0 to total - 1. */
  at(position: number): R;
}

/** An offset page as the API answers it: the window asked for, the list's length, the page's rows. */
export interface Page<R> extends PageWindow {
  total: number;
  results: R[];
}

/** The cursors of a cursor page: its first row's, the next (older) page's and the previous one's. */
export type PageCursors = components['schemas']['PageCursors'];

/** A list held whole, as a listing. */
export function listingOf<R>(rows: readonly R[]): Listing<R> {
  return { total: rows.length, at: (position) => rows[position] as R };
}

/** The same list, each row built by `build` when it is read. */
export function mapListing<R, S>(list: Listing<R>, build: (row: R) => S): Listing<S> {
  return { total: list.total, at: (position) => build(list.at(position)) };
}

/** The rows a window shows (none past the end). */
export function windowRows<R>(list: Listing<R>, window: PageWindow): R[] {
  const rows: R[] = [];
  const end = Math.min(list.total, window.offset + window.limit);
  for (let i = window.offset; i < end; i++) rows.push(list.at(i));
  return rows;
}

/**
 * A page by limit and offset. `total` is the list's length; `whenShown` gives 0 instead on an
 * empty page, as the real service's v2 lists report it.
 */
export function offsetPage<R>(
  list: Listing<R>,
  window: PageWindow,
  total: 'always' | 'whenShown' = 'always',
): Page<R> {
  const results = windowRows(list, window);
  return {
    limit: window.limit,
    offset: window.offset,
    total: total === 'always' ? list.total : pageTotal(results, list.total),
    results,
  };
}

/**
 * The first position whose row `holds`, or `total` when none does. The list must be ordered so
 * that `holds` is false, then true (a cursor's "at or after"): found by binary search.
 */
export function firstWhere<R>(list: Listing<R>, holds: (row: R) => boolean): number {
  let lo = 0;
  let hi = list.total;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(list.at(mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** How a cursor page is read from its list. */
export interface CursorPaging<R> {
  readonly limit: number;
  /** Whether a row is at or after the cursor in the list's order; no cursor starts at the first row. */
  readonly fromCursor: ((row: R) => boolean) | undefined;
  readonly keyOf: (row: R) => string;
  /**
   * Where `previous` points, as the real service's queries find it: `nearest` is the start of
   * the page before, or the first row when less than a page lies before (transactions and
   * balances); `whole-page` is null unless a whole page lies before (balance changes).
   */
  readonly previous: 'nearest' | 'whole-page';
}

export interface CursorPage<R> {
  readonly results: R[];
  readonly cursor: PageCursors;
}

/**
 * A page of rows by an inclusive cursor, as the real service pages its v3 lists: the cursor names
 * the first row of a page by its position (not by a block), so it stays valid while blocks are
 * added and across a reorg; `next` is the first row of the following page.
 */
export function cursorPage<R>(list: Listing<R>, paging: CursorPaging<R>): CursorPage<R> {
  const { limit, fromCursor, keyOf } = paging;
  const start = fromCursor ? firstWhere(list, fromCursor) : 0;
  const results = windowRows(list, { offset: start, limit });
  const following = start + limit < list.total ? list.at(start + limit) : undefined;
  let previous: string | null = null;
  if (results.length > 0 && start > 0) {
    const at = paging.previous === 'nearest' ? Math.max(0, start - limit) : start - limit;
    if (at >= 0) previous = keyOf(list.at(at));
  }
  return {
    results,
    cursor: {
      next: following === undefined ? null : keyOf(following),
      previous,
      current: results.length > 0 ? keyOf(results[0] as R) : null,
    },
  };
}

/** `total` as the real service reports it on its cursor and v2 pages: the count of every row, but 0 on an empty page. */
export function pageTotal(results: readonly unknown[], total: number): number {
  return results.length > 0 ? total : 0;
}
