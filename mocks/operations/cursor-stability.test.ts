import { describe, expect, it } from 'vitest';
import { urlFor } from '../../spec/load.ts';
import { createMock } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';

// A cursor names a position (block height, microblock sequence, transaction index), as the real
// service's v3 and v2 queries read it (`… <= cursor`, over the canonical rows of the moment): a
// client that took one before the chain moved keeps paging from where it was. Blocks mined since
// are above it; after a reorg, the rows at or below it are the canonical ones of now, so a
// transaction of a block the reorg took away is not served from it (it may come back, mined
// again higher, where the client's first page already was).

interface Row {
  id: string;
  /** `height:sequence:index`, comparable as the real service orders rows. */
  at: [number, number, number];
}

async function get(
  mock: MockKernel,
  url: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await mock.handle({ method: 'GET', target: url, headers: {}, ip: '127.0.0.1' });
  return { status: answer.status, json: answer.body as Record<string, unknown> };
}

type V3Page = {
  cursor: { next: string | null; current: string | null };
  results: Array<{ transaction: { tx_id: string } }>;
};

/** A v3 page of the principal's transactions from `cursor`, its rows and the next cursor. */
async function v3Page(mock: MockKernel, principal: string, limit: number, cursor?: string) {
  const url = urlFor('get_principal_transactions', {
    path: { principal },
    query: { limit, ...(cursor === undefined ? {} : { cursor }) },
  });
  const { status, json } = await get(mock, url);
  expect(status, url).toBe(200);
  const page = json as unknown as V3Page;
  // A row's position is what a page starting at it says as `cursor.current` (the summary has no
  // microblock sequence): known for the first row, which is enough at limit 1.
  const rows = page.results.map(({ transaction: t }, i): Row => ({
    id: t.tx_id,
    at: i === 0 ? parsePosition(page.cursor.current as string) : [NaN, NaN, NaN],
  }));
  return { rows, next: page.cursor.next };
}

function parsePosition(cursor: string): [number, number, number] {
  return cursor.split(':').map(Number) as [number, number, number];
}

async function v3All(mock: MockKernel, principal: string, limit: number, cursor?: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let next = cursor; ;) {
    const page = await v3Page(mock, principal, limit, next);
    rows.push(...page.rows);
    if (page.next === null) return rows;
    next = page.next;
  }
}

type V2Page = { prev_cursor: string | null; results: Array<{ tx: { tx_id: string } }> };

async function v2All(mock: MockKernel, address: string, limit: number, cursor?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let next = cursor; ;) {
    const url = urlFor('get_address_transactions', {
      path: { address },
      query: { limit, ...(next === undefined ? {} : { cursor: next }) },
    });
    const { status, json } = await get(mock, url);
    expect(status, url).toBe(200);
    const page = json as unknown as V2Page;
    ids.push(...page.results.map((r) => r.tx.tx_id));
    // v2's names are the other way round from v3's: prev_cursor is the older page.
    if (page.prev_cursor === null) return ids;
    next = page.prev_cursor;
  }
}

function setup(): { mock: MockKernel; principal: string } {
  const mock = createMock({ blocks: 120, quiet: true, blockTime: 0 });
  return { mock, principal: mock.live.queries.catalogue().addresses.busiest };
}

const LIMIT = 5;

describe('a cursor taken before the chain moves keeps paging', () => {
  it('v3: after blocks are mined, the rest of the pages is what was there, none twice, none skipped', async () => {
    const { mock, principal } = setup();
    const before = await v3All(mock, principal, 50);
    const first = await v3Page(mock, principal, LIMIT);
    expect(first.next).not.toBeNull();
    mock.live.mine(5);
    const rest = await v3All(mock, principal, LIMIT, first.next as string);
    const seen = [...first.rows, ...rest].map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before.map((r) => r.id));
  });

  it('v2 (9.0.2): after blocks are mined, the same', async () => {
    const { mock, principal } = setup();
    const before = await v2All(mock, principal, 50);
    const url = urlFor('get_address_transactions', { path: { address: principal }, query: { limit: LIMIT } });
    const first = (await get(mock, url)).json as unknown as V2Page;
    mock.live.mine(5);
    const rest = await v2All(mock, principal, LIMIT, first.prev_cursor as string);
    const seen = [...first.results.map((r) => r.tx.tx_id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it.each([1, 3, 8])(
    'v3: after a reorg %i deep, the rest is the canonical rows at or below the cursor now; none served twice',
    async (depth) => {
      const { mock, principal } = setup();
      const first = await v3Page(mock, principal, LIMIT);
      const cursor = first.next as string;
      const at = parsePosition(cursor);
      mock.live.reorg(depth);
      // Each row with its position: a page of one row each.
      const after = await v3All(mock, principal, 1);
      const rest = await v3All(mock, principal, LIMIT, cursor);
      const atOrBelow = after.filter((r) => compare(r.at, at) <= 0);
      expect(rest.map((r) => r.id)).toEqual(atOrBelow.map((r) => r.id));
      const served = [...first.rows, ...rest].map((r) => r.id);
      expect(new Set(served).size).toBe(served.length);
      // Whatever is canonical now and was not above the cursor before is served: nothing skipped.
      const firstIds = new Set(first.rows.map((r) => r.id));
      for (const row of after.filter((r) => !firstIds.has(r.id) && compare(r.at, at) <= 0))
        expect(rest.map((r) => r.id)).toContain(row.id);
    },
  );

  it("v2 (9.0.2): a cursor naming a block a reorg took away still pages, from that block's height", async () => {
    const { mock, principal } = setup();
    const url = urlFor('get_address_transactions', { path: { address: principal }, query: { limit: LIMIT } });
    const first = (await get(mock, url)).json as unknown as V2Page;
    const cursor = first.prev_cursor as string;
    const [hash] = cursor.split(':');
    const height = mock.live.queries.blockHeightByIndexHash(hash as string) as number;
    const tip = mock.live.queries.catalogue().tip.height;
    // The real service finds the cursor's block among every block it has seen, orphaned ones too.
    mock.live.reorg(tip - height + 1);
    expect(mock.live.queries.blockHeightByIndexHash(hash as string)).toBeUndefined();
    const rest = await v2All(mock, principal, LIMIT, cursor);
    const [, sequence, index] = parsePosition(cursor);
    const after = await v3All(mock, principal, 1);
    expect(rest).toEqual(after.filter((r) => compare(r.at, [height, sequence, index]) <= 0).map((r) => r.id));
  });
});

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}
