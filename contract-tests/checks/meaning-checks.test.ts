import { Cl, cvToHex } from '@stacks/transactions';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import { createMockApp } from '../../mocks/app.ts';
import mockDefault from '../../fixtures/targets/mock-default.json' with { type: 'json' };
import { operationMatcher } from '../../spec/load.ts';
import { operations } from '../spec-context.ts';
import { answeredRequest, type AnsweredRequest, type Json } from './answered-request.ts';
import { MEANING_CHECKS, meaningFindings } from './meaning-checks.ts';
import { sharedFileMissing } from '../../testing/skip-note.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const client = httpClient(app);
const match = operationMatcher(operations);
const a = mockDefault.addresses;
const tx = mockDefault.addressTransactions[0] as { address: string; tx_id: string };
const block = mockDefault.blocks[1] as { height: number; hash: string };

async function answer(url: string): Promise<AnsweredRequest> {
  const res = await client.get(url);
  const op = match(new URL(url, 'http://x').pathname);
  if (!op) throw new Error(`no operation for ${url}`);
  return answeredRequest(op, url, res.status, res.headers, res.body);
}

/** The answer with its body changed by `edit`, as a broken target would send it. */
function broken(ans: AnsweredRequest, edit: (body: Json) => void): AnsweredRequest {
  const body = structuredClone(ans.body) as Json;
  edit(body);
  return { ...ans, body };
}

function firstResult(body: Json): Json {
  return (body.results as Json[])[0] as Json;
}
function fired(ans: AnsweredRequest, name: string): boolean {
  return meaningFindings(ans).some((f) => f.where === `check ${name}` || f.expected.includes(`(${name})`));
}

const URLS = {
  block: `/extended/v2/blocks/${block.height}`,
  blockByHash: `/extended/v2/blocks/${block.hash}`,
  txList: `/extended/v1/tx/multiple?tx_id=${tx.tx_id}&tx_id=${tx.tx_id.toUpperCase().replace('0X', '0x')}`,
  mempool: '/extended/v1/tx/mempool/stats',
  events: `/extended/v2/addresses/${tx.address}/transactions/${tx.tx_id}/events?limit=5`,
  history: `/extended/v1/address/${a.stx_activity}/transactions_with_transfers?limit=20&offset=3`,
  atHeight: `/extended/v1/address/${a.stx_activity}/transactions_with_transfers?height=`,
  single: `/extended/v1/address/${tx.address}/${tx.tx_id}/with_transfers`,
  balances: `/extended/v1/address/${a.ft_activity}/balances`,
  lockedBalances: `/extended/v1/address/${a.locked_stx}/balances?until_block=${block.hash}`,
  locked: `/extended/v1/address/${a.locked_stx}/balances`,
  vesting: `/extended/v1/address/${a.vesting}/balances`,
  vestingAtHeight: `/extended/v1/address/${a.vesting}/balances?until_block=${block.height}`,
};

/** The documents the checks quote, as the description drift test reads them. */
const DOCUMENTS = {
  description: new URL('../../../shared/service/service-description.md', import.meta.url),
  facts: new URL('../../../shared/service/real-service-facts.md', import.meta.url),
};
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

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

  it('each rest on lines the description or the facts still say, word for word', (ctx) => {
    for (const [name, url] of Object.entries(DOCUMENTS)) {
      const file = fileURLToPath(url);
      const missing = sharedFileMissing(
        `the meaning checks' quoted lines against the ${name === 'facts' ? 'real service facts' : 'service description'}`,
        file,
        existsSync(file),
      );
      if (missing) return ctx.skip(missing);
    }
    const text = {
      description: flat(readFileSync(DOCUMENTS.description, 'utf8')),
      facts: flat(readFileSync(DOCUMENTS.facts, 'utf8')),
    };
    for (const c of MEANING_CHECKS) {
      expect(c.sources.length, `${c.name} names its sources`).toBeGreaterThan(0);
      expect(c.fields.length, `${c.name} names its fields`).toBeGreaterThan(0);
      for (const src of c.sources)
        if (src.document !== 'real service') expect(text[src.document], c.name).toContain(flat(src.line));
    }
  });

  const cases: Array<{
    check: string;
    url: keyof typeof URLS;
    edit: (body: Json, ans: AnsweredRequest) => AnsweredRequest | void;
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
    {
      check: 'clarity_pairs_decode',
      url: 'txList',
      edit: (b) =>
        void (((b[tx.tx_id] as Json).result as Json).tx_result = { hex: '0x0703', repr: '(ok false)' }),
    },
    {
      check: 'clarity_pairs_decode',
      url: 'txList',
      edit: (b) =>
        void (((b[tx.tx_id] as Json).result as Json).tx_result = { hex: '0xff', repr: '(ok true)' }),
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
        // Operation 8 sends the STX transfers only, as the real service does.
        b.tx = {
          ...(b.tx as Json),
          sender_address: 'SP000000000000000000002Q6VF78',
          sponsor_address: undefined,
        };
        b.stx_transfers = [];
        b.stx_sent = '0';
        b.stx_received = '0';
      },
    },
    {
      check: 'transaction_concerns_principal',
      url: 'history',
      edit: (b) => {
        const item = firstResult(b);
        item.tx = {
          ...(item.tx as Json),
          sender_address: 'SP000000000000000000002Q6VF78',
          sponsor_address: undefined,
          token_transfer: undefined,
          contract_call: undefined,
          smart_contract: undefined,
        };
        item.stx_transfers = [];
        item.ft_transfers = [];
        item.nft_transfers = [];
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
    {
      check: 'balances_add_up',
      url: 'vesting',
      edit: (b) => {
        const nft = Object.values(b.non_fungible_tokens as Json)[0] as Json;
        nft.count = String(BigInt(String(nft.count)) + 1n);
      },
    },
    {
      check: 'times_in_seconds',
      url: 'block',
      edit: (b) => void (b.burn_block_time = Number(b.burn_block_time) * 1000),
    },
    {
      check: 'times_in_seconds',
      url: 'history',
      edit: (b) => void ((firstResult(b).tx as Json).block_time = 0),
    },
    {
      check: 'transaction_fields_agree',
      url: 'single',
      edit: (b) => {
        const tx = b.tx as Json;
        tx.token_transfer = tx.token_transfer
          ? undefined
          : { recipient_address: tx.sender_address, amount: '1', memo: '0x' };
      },
    },
    {
      check: 'transaction_fields_agree',
      url: 'txList',
      edit: (b) => {
        const result = (Object.values(b)[0] as Json).result as Json;
        result.event_count = 0;
        result.events = [{ event_index: 0, event_type: 'stx_asset', tx_id: result.tx_id }];
      },
    },
    {
      check: 'page_holds_what_total_says',
      url: 'history',
      edit: (b) => void (b.total = Number(b.offset) + 1),
    },
    {
      check: 'page_holds_what_total_says',
      url: 'events',
      edit: (b) => void (b.results as unknown[]).pop(),
    },
    {
      check: 'balance_fields_agree',
      url: 'vesting',
      edit: (b) =>
        void ((b.stx as Json).estimated_balance = String(BigInt(String((b.stx as Json).balance)) + 1n)),
    },
    {
      check: 'balance_fields_agree',
      url: 'locked',
      edit: (b) => void ((b.stx as Json).burnchain_unlock_height = (b.stx as Json).burnchain_lock_height),
    },
    {
      check: 'balance_fields_agree',
      url: 'vesting',
      edit: (b) => {
        const offering = b.token_offering_locked as Json;
        const first = (offering.unlock_schedule as Json[])[0] as Json;
        offering.total_locked = String(BigInt(String(offering.total_locked)) + BigInt(String(first.amount)));
        offering.total_unlocked = String(
          BigInt(String(offering.total_unlocked)) - BigInt(String(first.amount)),
        );
      },
    },
    {
      check: 'balance_fields_agree',
      url: 'vestingAtHeight',
      edit: (b) => {
        const offering = b.token_offering_locked as Json;
        [offering.total_locked, offering.total_unlocked] = [offering.total_unlocked, offering.total_locked];
      },
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

  it('cache_control_by_status catches a 200 with an ETag marked no-store, and accepts no-store without one', async () => {
    const ans = await answer(URLS.block);
    expect(fired(ans, 'cache_control_by_status')).toBe(false);
    expect(
      fired({ ...ans, headers: { ...ans.headers, 'cache-control': 'no-store' } }, 'cache_control_by_status'),
    ).toBe(true);
    const untagged = Object.fromEntries(Object.entries(ans.headers).filter(([name]) => name !== 'etag'));
    untagged['cache-control'] = 'no-store';
    expect(fired({ ...ans, headers: untagged }, 'cache_control_by_status')).toBe(false);
  });

  it('cache_control_by_status accepts on an error no-store, the 200 value or none, and refuses a cacheable error', async () => {
    const ans = await answer('/extended/v2/blocks/999999');
    expect(ans.status).toBe(404);
    const withHeader = (value: string | undefined): AnsweredRequest => {
      const headers = { ...ans.headers };
      if (value === undefined) delete headers['cache-control'];
      else headers['cache-control'] = value;
      return { ...ans, headers };
    };
    for (const value of ['no-store', 'public, no-cache, must-revalidate', undefined])
      expect(fired(withHeader(value), 'cache_control_by_status'), String(value)).toBe(false);
    for (const value of ['public, max-age=60', 'public'])
      expect(fired(withHeader(value), 'cache_control_by_status'), value).toBe(true);
  });

  it('accepts parent_burn_block_time 0 with an empty iso (real chain data)', () => {
    const ans: AnsweredRequest = {
      ...answeredRequest(operations[0]!, '/extended', 200, {}, {}),
      body: { tx: { parent_burn_block_time: 0, parent_burn_block_time_iso: '' } },
    };
    expect(fired(ans, 'iso_time_matches_epoch')).toBe(false);
  });

  it('clarity_pairs_decode reads a principal as the real service prints it, quoted, inside any value', () => {
    const ok = (repr: string): AnsweredRequest => ({
      ...answeredRequest(operations[0]!, '/extended', 200, {}, {}),
      body: { value: { hex: cvToHex(Cl.some(Cl.principal('SP000000000000000000002Q6VF78.pox-4'))), repr } },
    });
    expect(fired(ok("(some 'SP000000000000000000002Q6VF78.pox-4)"), 'clarity_pairs_decode')).toBe(false);
    expect(fired(ok('(some SP000000000000000000002Q6VF78.pox-4)'), 'clarity_pairs_decode')).toBe(true);
  });
});
