import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// The routes real clients call beyond the eight (issue 40), on one default world.
const app = createMockApp({ quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

interface Listed {
  tx_id: string;
  tx_status: string;
  sender_address: string;
  receipt_time: number;
  fee_rate: string;
  token_transfer?: { recipient_address: string };
}

async function ok<T = Record<string, unknown>>(url: string): Promise<T> {
  const res = await get(url);
  expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.body as T;
}

async function refused(url: string, message: string): Promise<void> {
  const res = await get(url);
  expect(res.status, url).toBe(400);
  expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
}

async function wholeMempool(query = ''): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await ok<{ total: number; results: Listed[] }>(
      `/extended/v1/tx/mempool?limit=50&offset=${offset}${query}`,
    );
    all.push(...page.results);
    if (page.results.length < 50) return all;
  }
}

describe('get_network_block_times', () => {
  it('answers the real service’s constants with a chain-tip ETag', async () => {
    const res = await get('/extended/v1/info/network_block_times');
    // Mainnet first, as the real service's response schema writes them.
    expect(res.text).toBe('{"mainnet":{"target_block_time":600},"testnet":{"target_block_time":120}}');
    expect(res.headers.etag).toBeTruthy();
  });
});

describe('get_mempool_transaction_list', () => {
  it('is routed before /extended/v1/tx/{tx_id}, with and without a trailing slash', async () => {
    expect((await get('/extended/v1/tx/mempool')).status).toBe(200);
    expect((await get('/extended/v1/tx/mempool/')).status).toBe(200);
  });

  it('lists exactly the pending transactions tx/multiple finds, newest received first', async () => {
    const listed = await wholeMempool();
    const page = await ok<{ total: number }>('/extended/v1/tx/mempool');
    expect(page.total).toBe(listed.length);
    expect(listed.length).toBeGreaterThan(0);
    const found = await ok<Record<string, { found: boolean; result: Listed }>>(
      `/extended/v1/tx/multiple?tx_id=${listed.map((t) => t.tx_id).join(',')}`,
    );
    for (const tx of listed) expect(found[tx.tx_id]?.result).toEqual(tx);
    expect(listed.every((t) => t.tx_status === 'pending')).toBe(true);
    const times = listed.map((t) => t.receipt_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('sorts by fee ascending and filters by sender, recipient or either', async () => {
    const byFee = (await wholeMempool('&order_by=fee&order=asc')).map((t) => Number(t.fee_rate));
    expect(byFee).toEqual([...byFee].sort((a, b) => a - b));
    const all = await wholeMempool();
    const transfer = all.find((t) => t.token_transfer !== undefined) as Listed;
    const recipient = (transfer.token_transfer as { recipient_address: string }).recipient_address;
    const sent = await wholeMempool(`&sender_address=${transfer.sender_address}`);
    expect(sent.map((t) => t.tx_id)).toEqual(
      all.filter((t) => t.sender_address === transfer.sender_address).map((t) => t.tx_id),
    );
    const received = await wholeMempool(`&recipient_address=${recipient}`);
    expect(received.map((t) => t.tx_id)).toContain(transfer.tx_id);
    expect(received.every((t) => t.token_transfer?.recipient_address === recipient)).toBe(true);
    const either = await wholeMempool(`&address=${recipient}`);
    expect(either.map((t) => t.tx_id)).toEqual(expect.arrayContaining(received.map((t) => t.tx_id)));
  });

  it('counts the matches of a filter, and 0 past them, as the real service does', async () => {
    const { stx_activity } = (await ok<{ addresses: { stx_activity: string } }>('/_mock/world')).addresses;
    const matches = await wholeMempool(`&address=${stx_activity}`);
    const past = await ok<{ total: number }>(`/extended/v1/tx/mempool?address=${stx_activity}&offset=999`);
    expect(past.total).toBe(0);
    if (matches.length > 0) {
      const first = await ok<{ total: number }>(`/extended/v1/tx/mempool?address=${stx_activity}`);
      expect(first.total).toBe(matches.length);
    }
  });

  it('refuses a filter that is not a principal, and address with another filter, in the real words', async () => {
    const bad = 'SP000000000000000000002Q6VF79';
    await refused(
      `/extended/v1/tx/mempool?address=${bad}`,
      `Error: Invalid query parameter: "${bad}" is not a valid STX address or principal`,
    );
    const good = 'SP000000000000000000002Q6VF78';
    await refused(
      `/extended/v1/tx/mempool?address=${good}&recipient_address=${good}`,
      'The "address" filter cannot be specified with other address filters',
    );
  });
});

describe('get_mempool_transactions', () => {
  interface V3Page {
    total: number;
    cursor: { next: string | null; previous: string | null; current: string | null };
    results: { tx_id: string; receipt_time: number }[];
  }

  it('walks by cursor the same transactions, in the same order, as the v1 list it replaces', async () => {
    const v1 = (await wholeMempool()).map((t) => t.tx_id);
    const walked: string[] = [];
    let url: string | undefined = '/extended/v3/mempool/transactions?limit=7';
    while (url !== undefined) {
      const page: V3Page = await ok<V3Page>(url);
      expect(page.total).toBe(v1.length);
      const first = page.results[0];
      expect(page.cursor.current).toBe(first && `${first.receipt_time}:${first.tx_id}`);
      walked.push(...page.results.map((r) => r.tx_id));
      url =
        page.cursor.next === null
          ? undefined
          : `/extended/v3/mempool/transactions?limit=7&cursor=${page.cursor.next}`;
    }
    expect(walked).toEqual(v1);
  });

  it('points previous at the page before', async () => {
    const first = await ok<V3Page>('/extended/v3/mempool/transactions?limit=3');
    const second = await ok<V3Page>(`/extended/v3/mempool/transactions?limit=3&cursor=${first.cursor.next}`);
    expect(second.cursor.previous).toBe(first.cursor.current);
    expect(first.cursor.previous).toBeNull();
  });
});

describe('get_nft_holdings', () => {
  interface Holding {
    asset_identifier: string;
    value: { hex: string };
    block_height: number;
    tx_id?: string;
    tx?: { tx_id: string; block_height: number };
  }
  const holdingsOf = async (principal: string, query = '') =>
    ok<{ total: number; results: Holding[] }>(
      `/extended/v1/tokens/nft/holdings?principal=${principal}${query || '&limit=200'}`,
    );

  it('holds what the v3 NFT balances hold, the latest custody first', async () => {
    const { nft_activity } = (await ok<{ addresses: { nft_activity: string } }>('/_mock/world')).addresses;
    const holdings = await holdingsOf(nft_activity);
    const v3 = await ok<{ total: number; results: { asset_identifier: string; value: { hex: string } }[] }>(
      `/extended/v3/principals/${nft_activity}/balances/nft?limit=200`,
    );
    expect(holdings.total).toBe(v3.total);
    const key = (r: { asset_identifier: string; value: { hex: string } }) =>
      `${r.asset_identifier} ${r.value.hex}`;
    expect(holdings.results.map(key).sort()).toEqual(v3.results.map(key).sort());
    const heights = holdings.results.map((h) => h.block_height);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
  });

  it('filters by asset and gives the whole transaction with tx_metadata', async () => {
    const { nft_activity } = (await ok<{ addresses: { nft_activity: string } }>('/_mock/world')).addresses;
    const all = await holdingsOf(nft_activity);
    const first = all.results[0] as Holding;
    const one = await holdingsOf(nft_activity, `&limit=200&asset_identifiers=${first.asset_identifier}`);
    expect(one.results.every((h) => h.asset_identifier === first.asset_identifier)).toBe(true);
    expect(one.total).toBe(all.results.filter((h) => h.asset_identifier === first.asset_identifier).length);
    const withTx = await holdingsOf(nft_activity, '&tx_metadata=true&limit=1');
    expect(withTx.results[0]?.tx).toMatchObject({ tx_id: first.tx_id, block_height: first.block_height });
  });

  it('refuses a bad principal and a bad asset contract in the real words', async () => {
    await refused(
      '/extended/v1/tokens/nft/holdings?principal=SP000000000000000000002Q6VF79',
      'Invalid or missing principal',
    );
    await refused(
      '/extended/v1/tokens/nft/holdings?principal=SP000000000000000000002Q6VF78&asset_identifiers=nope::x',
      'Invalid asset identifier',
    );
  });
});
