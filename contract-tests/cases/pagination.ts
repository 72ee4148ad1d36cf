import { expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import type { Query } from '../spec-context.ts';
import type { ContractTarget } from '../target.ts';
import { orderFindings, type Ordering } from './ordering.ts';

export interface Page {
  limit?: unknown;
  offset?: unknown;
  total?: unknown;
  results?: unknown[];
}

export function page(ex: Exchange): Page {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Page) : {};
}

/** One page, checked against the spec like any answer, with the echo of limit and offset. */
export async function fetchPage(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  query: Query,
): Promise<{ ex: Exchange; page: Page }> {
  const ex = await target.client.call(operationId, { path, query });
  expectResponse(target, ex, { status: 200, because: 'a page within the documented bounds' });
  return { ex, page: page(ex) };
}

export interface Walk {
  items: unknown[];
  total: number;
  pageSize: number;
  /** Set when the walk was not made because it would take more than CONTRACT_MAX_WALK_PAGES pages. */
  tooLong?: boolean;
  exchanges: Exchange[];
  findings: Problem[];
}

/**
 * Every page from offset 0 at `pageSize`: each page has the size its offset and the total call
 * for and echoes limit and offset; together they hold each item once, in the documented order,
 * as many as `total` says.
 */
export async function walkPages(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  pinned: Query,
  pageSize: number,
  ordering: Ordering,
): Promise<Walk> {
  const items: unknown[] = [];
  const exchanges: Exchange[] = [];
  const findings: Problem[] = [];
  let total: number | undefined;
  /** The first page that held fewer items than its offset and the total call for. */
  let shortPage: string | undefined;
  for (let offset = 0; total === undefined || offset < total; offset += pageSize) {
    const { ex, page: p } = await fetchPage(target, operationId, path, {
      ...pinned,
      limit: String(pageSize),
      offset: String(offset),
    });
    exchanges.push(ex);
    const results = p.results ?? [];
    if (typeof p.total !== 'number') break;
    if (total !== undefined && p.total !== total)
      findings.push({
        where: 'total',
        expected: `the same total on every page (${total})`,
        actual: `${p.total} at offset ${offset}`,
      });
    total ??= p.total;
    const want = Math.min(pageSize, Math.max(0, total - offset));
    if (results.length < want)
      shortPage ??= `page ${exchanges.length} (offset ${offset}) held ${results.length} of the ${want} items due`;
    if (results.length !== want)
      findings.push({
        where: 'pagination',
        expected: `${want} results at offset ${offset} (limit ${pageSize}, total ${total})`,
        actual: `${results.length}`,
      });
    if (p.limit !== pageSize || p.offset !== offset)
      findings.push({
        where: 'pagination',
        expected: `limit ${pageSize} and offset ${offset} echoed`,
        actual: `limit ${String(p.limit)}, offset ${String(p.offset)}`,
      });
    items.push(...results);
    if (results.length === 0) break;
  }
  const keys = items.map(ordering.key);
  const repeated = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
  if (repeated.length)
    findings.push({
      where: 'pagination',
      expected: 'each item exactly once across the pages',
      actual: `${repeated.length} items more than once, e.g. ${repeated.slice(0, 3).join(', ')}`,
    });
  if (total !== undefined && items.length !== total)
    findings.push({
      where: 'total',
      expected: `the pages together hold total=${total} items`,
      actual: `${items.length}${shortPage ? `: it went wrong at ${shortPage}` : ''}`,
    });
  findings.push(...orderFindings(ordering, items, 'order'));
  return { items, total: total ?? 0, pageSize, exchanges, findings };
}
