import type { TestContext } from 'vitest';
import { expectResponse } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import type { Query } from '../spec-context.ts';
import type { ContractTarget } from '../target.ts';

export type Json = Record<string, unknown>;

export function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The most pages one walk reads: a longer list is not compared (it names the limit it hit). */
export const MAX_AGREEMENT_PAGES = 6;

/** What a walk of every page read: the rows, and each exchange (the findings name them). */
export interface Read<T = Json> {
  rows: T[];
  exchanges: Exchange[];
  /** Set when the list had more pages than MAX_AGREEMENT_PAGES. */
  tooLong?: boolean;
}

/** Skips the test when `read` stopped at MAX_AGREEMENT_PAGES: a part of a list is not compared. */
export function skipUnlessWhole(ctx: TestContext, read: Read<unknown>, what: string): void {
  if (read.tooLong) ctx.skip(`${what} has more than ${MAX_AGREEMENT_PAGES} pages: not compared`);
}

async function call(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  query: Query,
): Promise<Exchange> {
  const ex = await target.client.call(operationId, { path, query });
  expectResponse(target, ex, { status: 200, because: 'a valid request of a successor agreement check' });
  return ex;
}

/** One answer's body (200, checked against the spec on the way). */
export async function readOne(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  query: Query = {},
): Promise<{ body: Json; ex: Exchange }> {
  const ex = await call(target, operationId, path, query);
  return { body: isJson(ex.body) ? ex.body : {}, ex };
}

/** Every page of a v3 list, following `cursor.next`. */
export async function readCursorPages(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  limit: number,
): Promise<Read> {
  const read: Read = { rows: [], exchanges: [] };
  let cursor: string | undefined;
  for (let page = 0; page < MAX_AGREEMENT_PAGES; page++) {
    const ex = await call(target, operationId, path, {
      limit: String(limit),
      ...(cursor === undefined ? {} : { cursor }),
    });
    read.exchanges.push(ex);
    const body = isJson(ex.body) ? ex.body : {};
    read.rows.push(...(Array.isArray(body.results) ? body.results.filter(isJson) : []));
    const next = isJson(body.cursor) ? body.cursor.next : null;
    if (typeof next !== 'string') return read;
    cursor = next;
  }
  return { ...read, tooLong: true };
}

/** Every page of an offset list (`limit`, `offset`, `total`). */
export async function readOffsetPages(
  target: ContractTarget,
  operationId: string,
  path: Record<string, string>,
  limit: number,
  query: Query = {},
): Promise<Read> {
  const read: Read = { rows: [], exchanges: [] };
  for (let page = 0; page < MAX_AGREEMENT_PAGES; page++) {
    const ex = await call(target, operationId, path, {
      ...query,
      limit: String(limit),
      offset: String(page * limit),
    });
    read.exchanges.push(ex);
    const body = isJson(ex.body) ? ex.body : {};
    const rows = Array.isArray(body.results) ? body.results.filter(isJson) : [];
    read.rows.push(...rows);
    if (rows.length === 0 || (page + 1) * limit >= Number(body.total)) return read;
  }
  return { ...read, tooLong: true };
}
