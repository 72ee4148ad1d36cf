import { describe, expect, it } from 'vitest';
import { getAddressFromPublicKey } from '@stacks/transactions';
import { createMockApp } from '../app.ts';
import { roundHalfEven } from '../serialize/mempool-fees.ts';
import { ContractKind } from '../world/tables/kinds.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);
const tip = app.live.queries.chain.blocks.count;

describe('the v2 block list', () => {
  it('pages the blocks newest first, each as get_block gives it, with cursors to the pages beside', async () => {
    const page = await body('/extended/v2/blocks?limit=5');
    expect(page.results.map((b: Json) => b.height)).toEqual([tip, tip - 1, tip - 2, tip - 3, tip - 4]);
    expect(page.results[2]).toEqual(await body(`/extended/v2/blocks/${tip - 2}`));
    expect([page.total, page.next_cursor, page.cursor]).toEqual([
      tip,
      null,
      page.results[0].index_block_hash,
    ]);
    const older = await body(`/extended/v2/blocks?limit=5&cursor=${page.prev_cursor}`);
    expect(older.results[0].height).toBe(tip - 5);
    expect(older.next_cursor).toBe(page.cursor);
    const around = await body(`/extended/v2/blocks?limit=2&offset=-3&cursor=${older.cursor}`);
    expect(around.results.map((b: Json) => b.height)).toEqual([tip - 2, tip - 3]);
  });

  it('reads limit=0 as the default, answers an unknown cursor 404 and a page off the chain empty', async () => {
    expect((await body('/extended/v2/blocks?limit=0')).limit).toBe(20);
    expect((await body(`/extended/v2/blocks?cursor=0x${'ab'.repeat(32)}`, 404)).message).toBe(
      'Cursor not found',
    );
    const off = await body('/extended/v2/blocks?offset=-1');
    expect([off.total, off.cursor, off.results]).toEqual([0, null, []]);
  });
});

describe("a block's transactions", () => {
  it('are the block’s tx_count, in block order, the same set as the v3 route newest first', async () => {
    for (const height of [1, Math.ceil(tip / 2), tip]) {
      const block = await body(`/extended/v2/blocks/${height}`);
      const v2 = await body(`/extended/v2/blocks/${height}/transactions?limit=50`);
      expect(v2.total).toBe(block.tx_count);
      expect(v2.results.map((t: Json) => t.block_height)).toEqual(v2.results.map(() => height));
      expect(v2.results.map((t: Json) => t.tx_index)).toEqual([...v2.results.keys()]);
      const v3 = await body(`/extended/v3/blocks/${block.hash}/transactions?limit=50`);
      expect(v3.results.map((t: Json) => t.tx_id)).toEqual(v2.results.map((t: Json) => t.tx_id).reverse());
      expect(v3.total).toBe(block.tx_count);
    }
    expect((await body(`/extended/v2/blocks/${tip + 1}/transactions`, 404)).message).toBe('Block not found');
  });
});

describe('burn blocks', () => {
  it('anchor every block once: their Stacks blocks, heights, times and transaction counts agree with get_block', async () => {
    const seen: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 30) {
      const page = await body(`/extended/v2/burn-blocks?limit=30&offset=${offset}`);
      if (page.results.length === 0) break;
      total = page.total;
      for (const burn of page.results) {
        const blocks = await body(`/extended/v2/burn-blocks/${burn.burn_block_height}/blocks?limit=30`);
        expect(blocks.results.map((b: Json) => b.hash)).toEqual(burn.stacks_blocks);
        for (const b of blocks.results)
          expect([b.burn_block_height, b.burn_block_hash, b.burn_block_time]).toEqual([
            burn.burn_block_height,
            burn.burn_block_hash,
            burn.burn_block_time,
          ]);
        expect(burn.total_tx_count).toBe(blocks.results.reduce((n: number, b: Json) => n + b.tx_count, 0));
        seen.push(...burn.stacks_blocks);
      }
    }
    expect(seen.length).toBe(tip);
    expect(new Set(seen).size).toBe(tip);
    expect(total).toBeGreaterThan(0);
    const latest = await body('/extended/v2/burn-blocks/latest');
    expect(await body(`/extended/v2/burn-blocks/${latest.burn_block_hash.slice(2)}`)).toEqual(latest);
    expect(latest.burn_block_height).toBe((await body('/extended/v2/blocks/latest')).burn_block_height);
    expect((await body('/extended/v2/burn-blocks/1', 404)).message).toBe('Not found');
    expect((await body('/extended/v2/burn-blocks/1/blocks', 404)).message).toBe('Burn block not found');
  });
});

describe('mempool fee priorities', () => {
  it('are the rounded percentiles of the fees the mempool statistics count, per type present', async () => {
    const fees = await body('/extended/v2/mempool/fees');
    const stats = await body('/extended/v1/tx/mempool/stats');
    for (const type of ['token_transfer', 'contract_call', 'smart_contract']) {
      const p = stats.tx_simple_fee_averages[type];
      if (stats.tx_type_counts[type] === 0) expect(fees[type]).toBeUndefined();
      else
        expect(fees[type]).toEqual({
          no_priority: roundHalfEven(p.p25),
          low_priority: roundHalfEven(p.p50),
          medium_priority: roundHalfEven(p.p75),
          high_priority: roundHalfEven(p.p95),
        });
    }
    expect(fees.all.high_priority).toBeGreaterThanOrEqual(fees.all.no_priority);
  });

  it('rounds half to even, as PostgreSQL rounds a double', () => {
    expect([0.5, 1.5, 2.5, 2.4, 2.6, 3].map(roundHalfEven)).toEqual([0, 2, 2, 2, 3, 3]);
  });
});

describe('PoX cycles and signers', () => {
  it('sum up their signers, ordered by weight, whose addresses are their keys’', async () => {
    const cycles = await body('/extended/v2/pox/cycles');
    expect(cycles.total).toBe(cycles.results.length);
    const withSigners = cycles.results.filter((c: Json) => c.total_signers > 0);
    expect(withSigners.length).toBeGreaterThan(0);
    for (const cycle of cycles.results) {
      expect(await body(`/extended/v2/pox/cycles/${cycle.cycle_number}`)).toEqual(cycle);
      const signers = (await body(`/extended/v2/pox/cycles/${cycle.cycle_number}/signers?limit=250`)).results;
      expect(signers.length).toBe(cycle.total_signers);
      expect(signers.reduce((n: number, s: Json) => n + s.weight, 0)).toBe(cycle.total_weight);
      expect(signers.reduce((n: bigint, s: Json) => n + BigInt(s.stacked_amount), 0n)).toBe(
        BigInt(cycle.total_stacked_amount),
      );
      for (const s of signers)
        expect(s.signer_address).toBe(getAddressFromPublicKey(s.signing_key.slice(2), 'mainnet'));
      const weights = signers.map((s: Json) => s.weight);
      expect(weights).toEqual([...weights].sort((a, b) => b - a));
    }
    expect((await body('/extended/v2/pox/cycles/7/signers', 404)).message).toBe('PoX cycle not found');
  });
});

describe('the recent transactions', () => {
  it('count every anchored transaction, filter by type and sender, and sort by fee', async () => {
    const all = await body('/extended/v1/tx?limit=50');
    expect(all.total).toBe(app.live.queries.chain.anchoredCount);
    expect(all.results[0].block_height).toBe(tip);
    const oldest = await body('/extended/v1/tx?limit=1&order=asc');
    expect(oldest.results[0].block_height).toBe(1);
    const transfers = await body('/extended/v1/tx?limit=50&type=token_transfer');
    expect(transfers.results.every((t: Json) => t.tx_type === 'token_transfer')).toBe(true);
    const sender = transfers.results[0].sender_address;
    const sent = await body(`/extended/v1/tx?limit=50&from_address=${sender}`);
    expect(sent.results.every((t: Json) => t.sender_address === sender)).toBe(true);
    expect(sent.total).toBeGreaterThan(0);
    const byFee = (await body('/extended/v1/tx?limit=50&sort_by=fee')).results.map((t: Json) =>
      Number(t.fee_rate),
    );
    expect(byFee).toEqual([...byFee].sort((a, b) => b - a));
    const v3 = await body('/extended/v3/transactions?limit=5');
    expect(v3.total).toBe(all.total);
  });
});

describe('token metadata', () => {
  it('answers a token contract as its functions do, and 404 in the service’s own words otherwise', async () => {
    const { chain } = app.live.queries;
    const ft = chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending);
    expect(ft).toBeDefined();
    const answer = await body(`/metadata/v1/ft/${ft!.id}`);
    expect([answer.name, answer.symbol, answer.decimals, answer.asset_identifier]).toEqual([
      ft!.name,
      ft!.token.toUpperCase(),
      6,
      ft!.assetId,
    ]);
    expect(BigInt(answer.total_supply)).toBeGreaterThan(0n);
    const missing = await get(`/metadata/v1/ft/${chain.principals.name(0)}.no-such-token`);
    expect([missing.status, missing.body]).toEqual([404, { error: 'Token not found' }]);
  });
});
