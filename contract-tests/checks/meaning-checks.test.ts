import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../mocks/app.ts';
import mockDefault from '../../fixtures/targets/mock-default.json' with { type: 'json' };
import { operationMatcher } from '../../spec/load.ts';
import { operations } from '../spec-context.ts';
import { answerOf, type Answer, type Json } from './answer.ts';
import { MEANING_CHECKS, meaningFindings } from './meaning-checks.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const match = operationMatcher(operations);
const a = mockDefault.addresses;
const tx = mockDefault.addressTransactions[0] as { address: string; tx_id: string };
const block = mockDefault.blocks[1] as { height: number; hash: string };

async function answer(url: string): Promise<Answer> {
  const res = await request(app).get(url);
  const op = match(new URL(url, 'http://x').pathname);
  if (!op) throw new Error(`no operation for ${url}`);
  return answerOf(op, url, res.status, res.headers as Record<string, string>, res.body as unknown);
}

/** The answer with its body changed by `edit`, as a broken target would send it. */
function broken(ans: Answer, edit: (body: Json) => void): Answer {
  const body = structuredClone(ans.body) as Json;
  edit(body);
  return { ...ans, body };
}

function firstResult(body: Json): Json {
  return (body.results as Json[])[0] as Json;
}
function fired(ans: Answer, name: string): boolean {
  return meaningFindings(ans).some((f) => f.where === `check ${name}` || f.expected.includes(`(${name})`));
}

const URLS = {
  block: `/extended/v2/blocks/${block.height}`,
  blockByHash: `/extended/v2/blocks/${block.hash}`,
  txList: `/extended/v1/tx/multiple?tx_id=${tx.tx_id}&tx_id=${tx.tx_id.toUpperCase().replace('0X', '0x')}`,
  mempool: '/extended/v1/tx/mempool/stats',
  events: `/extended/v2/addresses/${tx.address}/transactions/${tx.tx_id}/events?limit=5`,
  history: `/extended/v1/address/${a.stx}/transactions_with_transfers?limit=20&offset=3`,
  atHeight: `/extended/v1/address/${a.stx}/transactions_with_transfers?height=`,
  single: `/extended/v1/address/${tx.address}/${tx.tx_id}/with_transfers`,
  balances: `/extended/v1/address/${a.ft}/balances`,
  lockedBalances: `/extended/v1/address/${a.locked}/balances?until_block=${block.hash}`,
};

describe('meaning checks', () => {
  it('find nothing wrong with the mock on every rule they cover', async () => {
    for (const url of Object.values(URLS).filter((u) => !u.endsWith('='))) {
      expect(meaningFindings(await answer(url)), url).toEqual([]);
    }
  });

  it('have one function per rule, each with a unique name and its rule in words', () => {
    const names = MEANING_CHECKS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of MEANING_CHECKS) expect(c.rule.length, c.name).toBeGreaterThan(30);
  });

  const cases: Array<{
    check: string;
    url: keyof typeof URLS;
    edit: (body: Json, ans: Answer) => Answer | void;
  }> = [
    {
      check: 'iso_time_matches_epoch',
      url: 'block',
      edit: (b) => void (b.block_time = Number(b.block_time) + 1),
    },
    { check: 'block_matches_request', url: 'block', edit: (b) => void (b.height = Number(b.height) + 1) },
    { check: 'block_matches_request', url: 'blockByHash', edit: (b) => void (b.canonical = false) },
    {
      check: 'tx_list_keyed_by_request',
      url: 'txList',
      edit: (b) =>
        void (b[`0x${'ab'.repeat(32)}`] = { found: false, result: { tx_id: `0x${'ab'.repeat(32)}` } }),
    },
    {
      check: 'mempool_percentiles_ordered',
      url: 'mempool',
      edit: (b) => {
        const ages = (b.tx_ages as Json).token_transfer as Json;
        [ages.p25, ages.p95] = [Number(ages.p95) + 1, ages.p25];
      },
    },
    { check: 'page_echoes_request', url: 'history', edit: (b) => void (b.offset = 0) },
    {
      check: 'page_in_documented_order',
      url: 'history',
      edit: (b) => void (b.results as unknown[]).reverse(),
    },
    {
      check: 'event_data_fits_kind',
      url: 'events',
      edit: (b) => void ((firstResult(b).data as Json).sender = undefined),
    },
    {
      check: 'transaction_concerns_principal',
      url: 'single',
      edit: (b) => {
        b.tx = {
          ...(b.tx as Json),
          sender_address: 'SP000000000000000000002Q6VF78',
          sponsor_address: undefined,
        };
        b.stx_transfers = [];
        b.ft_transfers = [];
        b.nft_transfers = [];
        b.stx_sent = '0';
        b.stx_received = '0';
      },
    },
    {
      check: 'stx_sent_includes_fee',
      url: 'history',
      edit: (b) => void (firstResult(b).stx_sent = String(BigInt(String(firstResult(b).stx_sent)) + 7n)),
    },
    {
      check: 'single_transaction_matches_request',
      url: 'single',
      edit: (b) => void ((b.tx as Json).tx_id = `0x${'cd'.repeat(32)}`),
    },
    {
      check: 'balances_add_up',
      url: 'balances',
      edit: (b) => void ((b.stx as Json).balance = String(BigInt(String((b.stx as Json).balance)) + 1n)),
    },
    {
      check: 'balances_add_up',
      url: 'lockedBalances',
      edit: (b) => void ((b.stx as Json).estimated_balance = '1'),
    },
  ];
  for (const c of cases) {
    it(`${c.check} catches a broken ${c.url} answer`, async () => {
      const ans = await answer(URLS[c.url]);
      expect(fired(ans, c.check), 'fires on the unbroken answer').toBe(false);
      expect(
        fired(
          broken(ans, (b) => c.edit(b, ans)),
          c.check,
        ),
      ).toBe(true);
    });
  }

  it('height_filter_holds catches a transaction of another block', async () => {
    const history = await answer(URLS.history);
    const item = firstResult(history.body as Json);
    const height = (item.tx as Json).block_height as number;
    const ans = await answer(`${URLS.atHeight}${height}`);
    expect(fired(ans, 'height_filter_holds')).toBe(false);
    expect(
      fired(
        broken(ans, (b) => void ((firstResult(b).tx as Json).block_height = height + 1)),
        'height_filter_holds',
      ),
    ).toBe(true);
  });

  it('cache_control_by_status catches a 200 marked no-store', async () => {
    const ans = await answer(URLS.block);
    expect(fired(ans, 'cache_control_by_status')).toBe(false);
    expect(
      fired({ ...ans, headers: { ...ans.headers, 'cache-control': 'no-store' } }, 'cache_control_by_status'),
    ).toBe(true);
  });

  it('accepts parent_burn_block_time 0 with an empty iso (real chain data)', () => {
    const ans: Answer = {
      ...answerOf(operations[0]!, '/extended', 200, {}, {}),
      body: { tx: { parent_burn_block_time: 0, parent_burn_block_time_iso: '' } },
    };
    expect(fired(ans, 'iso_time_matches_epoch')).toBe(false);
  });
});
