import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { kernelReads } from '../kernel-reads.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

const app = createMockApp({ quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);
const catalogue = kernelReads(app.kernel).catalogue();
const { addresses, transactions, tip, block_samples } = catalogue;
const UNKNOWN_TX = `0x${'e'.repeat(64)}`;

async function ok(url: string) {
  const res = await get(url);
  expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.body;
}

async function notFound(url: string, message: string) {
  const res = await get(url);
  expect(res.status, url).toBe(404);
  expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message });
}

async function txsOf(principal: string, query = '') {
  return ok(`/extended/v1/address/${principal}/transactions_with_transfers${query}`);
}

describe('get_status', () => {
  it('reports ready, a server version and the chain tip of blocks/latest', async () => {
    const status = await ok('/extended');
    const latest = await ok('/extended/v2/blocks/latest');
    expect(status.status).toBe('ready');
    expect(status.server_version).toMatch(/^stacks-blockchain-api v\d+\.\d+\.\d+/);
    expect(status.chain_tip).toMatchObject({
      block_height: latest.height,
      block_hash: latest.hash,
      index_block_hash: latest.index_block_hash,
      burn_block_height: latest.burn_block_height,
    });
  });
});

describe('get_block', () => {
  it('serves the same block by height, hash, index hash, without 0x and in upper case', async () => {
    const { height, hash, index_block_hash } = block_samples.middle;
    const byHeight = await ok(`/extended/v2/blocks/${height}`);
    for (const ref of [hash, index_block_hash, hash.slice(2), hash.toUpperCase().replace('0X', '0x')]) {
      expect(await ok(`/extended/v2/blocks/${ref}`), ref).toEqual(byHeight);
    }
    expect(byHeight.height).toBe(height);
  });

  it('answers 404 Block not found for an unknown height or hash', async () => {
    await notFound(`/extended/v2/blocks/${tip.height + 1}`, 'Block not found');
    await notFound(`/extended/v2/blocks/0x${'1'.repeat(64)}`, 'Block not found');
  });

  it('counts the block’s transactions in tx_count', async () => {
    const block = await ok(`/extended/v2/blocks/${tip.height}`);
    expect(block.tx_count).toBeGreaterThan(0);
  });
});

describe('get_tx_list_details', () => {
  const mined = transactions.by_type.contract_call[0] as string;
  const pending = transactions.mempool.pending[0] as string;
  const dropped = transactions.mempool.dropped[0] as string;

  it('answers mined, mempool, dropped and unknown ids in one call', async () => {
    const body = await ok(
      `/extended/v1/tx/multiple?tx_id=${mined}&tx_id=${pending},${dropped}&tx_id=${UNKNOWN_TX}`,
    );
    expect(Object.keys(body).sort()).toEqual([mined, pending, dropped, UNKNOWN_TX].sort());
    expect(body[mined]).toMatchObject({ found: true, result: { tx_id: mined, canonical: true } });
    expect(body[mined].result.events).toBeInstanceOf(Array);
    expect(body[pending]).toMatchObject({ found: true, result: { tx_id: pending, tx_status: 'pending' } });
    expect(body[pending].result.receipt_time).toBeTypeOf('number');
    expect(body[dropped].result.tx_status).toMatch(/^dropped_/);
    expect(body[UNKNOWN_TX]).toEqual({ found: false, result: { tx_id: UNKNOWN_TX } });
  });

  it('pages each mined transaction’s events', async () => {
    const page = await ok(`/extended/v1/tx/multiple?tx_id=${mined}&event_limit=1&event_offset=0`);
    const all = await ok(`/extended/v1/tx/multiple?tx_id=${mined}&event_limit=100`);
    expect(page[mined].result.events.length).toBeLessThanOrEqual(1);
    expect(all[mined].result.events).toHaveLength(all[mined].result.event_count);
  });

  it('answers 404 when none of the ids is found', async () => {
    await notFound(`/extended/v1/tx/multiple?tx_id=${UNKNOWN_TX}`, 'Transaction not found');
  });

  it('keys the answer by the ids as written: an upper-case id comes back lowercase and found, and as written, not found', async () => {
    const upper = `0x${mined.slice(2).toUpperCase()}`;
    const body = await ok(`/extended/v1/tx/multiple?tx_id=${upper}&tx_id=${mined}&tx_id=${upper}`);
    expect(Object.keys(body).sort()).toEqual([mined, upper].sort());
    expect(body[mined]).toMatchObject({ found: true, result: { tx_id: mined } });
    expect(body[upper]).toEqual({ found: false, result: { tx_id: upper } });
    const unknownUpper = UNKNOWN_TX.toUpperCase().replace('0X', '0x');
    await notFound(`/extended/v1/tx/multiple?tx_id=${unknownUpper}`, 'Transaction not found');
  });

  it('answers an id without 0x with the real service’s 400', async () => {
    for (const query of [`tx_id=${mined.slice(2)}`, `tx_id=${mined},${mined.slice(2).toUpperCase()}`]) {
      const res = await get(`/extended/v1/tx/multiple?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Hex string is missing the "0x" prefix',
      });
    }
    const garbage = await get('/extended/v1/tx/multiple?tx_id=0x12');
    expect(garbage.body).toMatchObject({ statusCode: 400, code: 'FST_ERR_VALIDATION' });
  });
});

describe('get_mempool_transaction_stats', () => {
  it('counts the pending mempool transactions per type', async () => {
    const stats = await ok('/extended/v1/tx/mempool/stats');
    const counted = Object.values(stats.tx_type_counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted).toBe(transactions.mempool.pending.length);
  });
});

describe('get_address_transaction_events and get_single_transaction_with_transfers', () => {
  it('agree with each other and with the matching transactions_with_transfers item', async () => {
    const page = await txsOf(addresses.stx_activity, '?limit=50');
    for (const item of page.results.slice(0, 10)) {
      const txId = item.tx.tx_id as string;
      const single = await ok(`/extended/v1/address/${addresses.stx_activity}/${txId}/with_transfers`);
      // Operation 8 is the history's item without the ft and nft arrays, as the real service answers it.
      const { ft_transfers: ft, nft_transfers: nft, ...shared } = item;
      expect(single).toEqual(shared);
      const events = await ok(
        `/extended/v2/addresses/${addresses.stx_activity}/transactions/${txId}/events?limit=50`,
      );
      const asTransfers = (type: string) =>
        events.results
          .filter((e: { type: string }) => e.type === type)
          .sort((a: { event_index: number }, b: { event_index: number }) => b.event_index - a.event_index)
          .map(({ data }: { data: Record<string, unknown> }) => {
            // The transfer arrays say the missing party of a mint or burn as "".
            const { type: _kind, sender = '', recipient = '', ...rest } = data;
            return { sender, recipient, ...rest };
          });
      expect(asTransfers('stx')).toEqual(single.stx_transfers);
      expect(asTransfers('ft')).toEqual(ft);
      expect(asTransfers('nft')).toEqual(nft);
    }
  });

  it('accepts a bare 64-hex id on the deprecated route', async () => {
    const txId = (await txsOf(addresses.stx_activity, '?limit=1')).results[0].tx.tx_id as string;
    expect(
      (await ok(`/extended/v1/address/${addresses.stx_activity}/${txId.slice(2)}/with_transfers`)).tx.tx_id,
    ).toBe(txId);
  });

  it('orders events by event_index ascending and pages them', async () => {
    const txId = (await txsOf(addresses.nft_activity, '?limit=1')).results[0].tx.tx_id as string;
    const all = await ok(
      `/extended/v2/addresses/${addresses.nft_activity}/transactions/${txId}/events?limit=50`,
    );
    const indexes = all.results.map((e: { event_index: number }) => e.event_index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    if (all.total > 1) {
      const second = await ok(
        `/extended/v2/addresses/${addresses.nft_activity}/transactions/${txId}/events?limit=1&offset=1`,
      );
      expect(second.results).toEqual(all.results.slice(1, 2));
    }
  });

  it('answers 404 for an unknown transaction, and 200 empty for one that does not concern the address', async () => {
    await notFound(
      `/extended/v2/addresses/${addresses.stx_activity}/transactions/${UNKNOWN_TX}/events`,
      'Transaction not found',
    );
    await notFound(
      `/extended/v1/address/${addresses.stx_activity}/${UNKNOWN_TX}/with_transfers`,
      'No matching transaction found',
    );
    const someone = (await txsOf(addresses.ft_activity, '?limit=50')).results.map(
      (r: { tx: { tx_id: string } }) => r.tx.tx_id,
    );
    const mine = new Set(
      (await txsOf(addresses.unknown, '?limit=50')).results.map((r: { tx: { tx_id: string } }) => r.tx.tx_id),
    );
    const unrelated = someone.find((id: string) => !mine.has(id)) as string;
    const events = await ok(`/extended/v2/addresses/${addresses.unknown}/transactions/${unrelated}/events`);
    expect(events).toMatchObject({ total: 0, results: [] });
    await notFound(
      `/extended/v1/address/${addresses.unknown}/${unrelated}/with_transfers`,
      'No matching transaction found',
    );
  });
});

describe('get_account_transactions_with_transfers', () => {
  it('orders by block height then tx index, both descending, and walks every page once', async () => {
    const first = await txsOf(addresses.busiest, '?limit=50');
    const seen: string[] = [];
    const keys: Array<[number, number]> = [];
    for (let offset = 0; offset < first.total; offset += 50) {
      const page = await txsOf(addresses.busiest, `?limit=50&offset=${offset}`);
      for (const r of page.results) {
        seen.push(r.tx.tx_id);
        keys.push([r.tx.block_height, r.tx.tx_index]);
      }
    }
    expect(new Set(seen).size).toBe(first.total);
    for (let i = 1; i < keys.length; i++) {
      const [h0, t0] = keys[i - 1] as [number, number];
      const [h1, t1] = keys[i] as [number, number];
      expect(h0 > h1 || (h0 === h1 && t0 > t1), `order at ${i}`).toBe(true);
    }
  });

  it('returns empty results past the end', async () => {
    const { total } = await txsOf(addresses.busiest);
    expect((await txsOf(addresses.busiest, `?offset=${total}`)).results).toEqual([]);
  });

  it('selects one block with height, and the state up to a block with until_block', async () => {
    const all = await txsOf(addresses.busiest, '?limit=50');
    const height = all.results[Math.min(3, all.results.length - 1)].tx.block_height as number;
    const atHeight = await txsOf(addresses.busiest, `?height=${height}`);
    expect(atHeight.results.length).toBeGreaterThan(0);
    expect(
      atHeight.results.every((r: { tx: { block_height: number } }) => r.tx.block_height === height),
    ).toBe(true);
    const until = await txsOf(addresses.busiest, `?until_block=${height}&limit=50`);
    expect(until.results.every((r: { tx: { block_height: number } }) => r.tx.block_height <= height)).toBe(
      true,
    );
    expect(until.total).toBeLessThan(all.total);
    const block = await ok(`/extended/v2/blocks/${height}`);
    expect((await txsOf(addresses.busiest, `?until_block=${block.hash}`)).total).toBe(until.total);
  });

  it('adds unanchored microblock transactions only with unanchored=true', async () => {
    const [unanchored] = transactions.microblock.unanchored;
    if (!unanchored) throw new Error('the default world has no unanchored transaction');
    const details = await ok(`/extended/v1/tx/multiple?tx_id=${unanchored}&unanchored=true`);
    const sender = details[unanchored].result.sender_address as string;
    const ids = async (q: string) =>
      (await txsOf(sender, q)).results.map((r: { tx: { tx_id: string } }) => r.tx.tx_id);
    expect(await ids('?limit=50')).not.toContain(unanchored);
    expect(await ids('?limit=50&unanchored=true')).toContain(unanchored);
  });

  it('answers 404 for an until_block hash that is not a block', async () => {
    await notFound(
      `/extended/v1/address/${addresses.busiest}/transactions_with_transfers?until_block=0x${'2'.repeat(64)}`,
      'block not found with hash',
    );
  });

  it('serves a contract principal', async () => {
    expect((await txsOf(addresses.contract_principal)).total).toBeGreaterThan(0);
  });
});

describe('get_account_balance', () => {
  it('shows locked STX and its lock transaction', async () => {
    const { stx } = await ok(`/extended/v1/address/${addresses.locked_stx}/balances`);
    expect(BigInt(stx.locked)).toBeGreaterThan(0n);
    expect(stx.lock_tx_id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(stx.burnchain_unlock_height).toBeGreaterThan(stx.burnchain_lock_height);
  });

  it('shows a vesting schedule only for vesting addresses', async () => {
    expect(
      (await ok(`/extended/v1/address/${addresses.vesting}/balances`)).token_offering_locked,
    ).toBeDefined();
    expect(
      (await ok(`/extended/v1/address/${addresses.unknown}/balances`)).token_offering_locked,
    ).toBeUndefined();
  });

  it('drops the mempool estimates with until_block, and goes back in time', async () => {
    const now = await ok(`/extended/v1/address/${addresses.busiest}/balances`);
    const then = await ok(`/extended/v1/address/${addresses.busiest}/balances?until_block=1`);
    expect(now.stx.estimated_balance).toBeDefined();
    expect(then.stx.estimated_balance).toBeUndefined();
    expect(then.stx.total_received).not.toBe(now.stx.total_received);
  });

  it('adds up to what the principal’s transfers and fees say', async () => {
    const { stx } = await ok(`/extended/v1/address/${addresses.stx_activity}/balances`);
    let received = 0n;
    let sent = 0n;
    const { total } = await txsOf(addresses.stx_activity);
    for (let offset = 0; offset < total; offset += 50) {
      for (const r of (await txsOf(addresses.stx_activity, `?limit=50&offset=${offset}`)).results) {
        received += BigInt(r.stx_received);
        // stx_sent counts the fee of what the principal sent, even sponsored; the fees it paid are total_fees_sent.
        sent +=
          BigInt(r.stx_sent) - (r.tx.sender_address === addresses.stx_activity ? BigInt(r.tx.fee_rate) : 0n);
      }
    }
    expect(BigInt(stx.balance)).toBe(
      received - sent - BigInt(stx.total_fees_sent) + BigInt(stx.total_miner_rewards_received),
    );
  });

  it('answers zero balances for a valid address the chain never saw', async () => {
    const { stx, fungible_tokens } = await ok(`/extended/v1/address/${addresses.unknown}/balances`);
    expect(stx.balance).toBe('0');
    expect(fungible_tokens).toEqual({});
  });
});

describe('the world catalogue', () => {
  it('is served outside the API at /_mock/world', async () => {
    const res = await get('/_mock/world');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(catalogue)));
  });
});
