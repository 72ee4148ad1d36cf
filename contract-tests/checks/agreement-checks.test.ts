import { describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import { createMockApp } from '../../mocks/app.ts';
import mockDefault from '../../fixtures/targets/mock-default.json' with { type: 'json' };
import { operationMatcher } from '../../spec/load.ts';
import { operations } from '../spec-context.ts';
import { AGREEMENT_CHECKS, agreementFindings } from './agreement-checks.ts';
import { answeredRequest, type AnsweredRequest, type Json } from './answered-request.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const client = httpClient(app);
const match = operationMatcher(operations);
const pair = mockDefault.addressTransactions[0] as { address: string; tx_id: string };

async function answer(url: string): Promise<AnsweredRequest> {
  const res = await client.get(url);
  const op = match(new URL(url, 'http://x').pathname);
  if (!op) throw new Error(`no operation for ${url}`);
  return answeredRequest(op, url, res.status, res.headers, res.body);
}
function edited(a: AnsweredRequest, edit: (body: Json) => void): AnsweredRequest {
  const body = structuredClone(a.body) as Json;
  edit(body);
  return { ...a, body };
}
function fired(first: AnsweredRequest, second: AnsweredRequest, name: string): boolean {
  return agreementFindings(first, second).some((f) => f.where === `check ${name}`);
}

const history = `/extended/v1/address/${pair.address}/transactions_with_transfers?limit=50`;

describe('agreement checks', () => {
  it('have unique names, rules, sources and fields', () => {
    expect(new Set(AGREEMENT_CHECKS.map((c) => c.name)).size).toBe(AGREEMENT_CHECKS.length);
    for (const c of AGREEMENT_CHECKS) {
      expect(c.sources.length, c.name).toBeGreaterThan(0);
      expect(c.fields.length, c.name).toBeGreaterThan(0);
    }
  });

  it('find nothing between the mock\u2019s answers, and each catches a broken second answer', async () => {
    const list = await answer(history);
    const item = ((list.body as Json).results as Json[]).find(
      (i) => (i.tx as Json).tx_id === pair.tx_id,
    ) as Json;
    const tx = item.tx as Json;
    const seconds: Array<[string, string, (b: Json) => void]> = [
      [
        `/extended/v2/blocks/${String(tx.block_height)}`,
        'transaction_in_its_block',
        (b) => void (b.hash = `0x${'1'.repeat(64)}`),
      ],
      [
        `/extended/v2/addresses/${pair.address}/transactions/${pair.tx_id}/events`,
        'events_match_transfers',
        (b) => void (b.total = Number(b.total) + 1),
      ],
      [
        `/extended/v1/address/${pair.address}/${pair.tx_id}/with_transfers`,
        'single_matches_list_item',
        (b) => void (b.stx_received = String(BigInt(String(b.stx_received)) + 1n)),
      ],
      [
        `/extended/v1/tx/multiple?tx_id=${pair.tx_id}`,
        'tx_list_matches_transaction',
        (b) => void (((b[pair.tx_id] as Json).result as Json).fee_rate = '1'),
      ],
      [
        `/extended/v1/address/${pair.address}/transactions_with_transfers?height=${String(tx.block_height)}&limit=50`,
        'height_filter_has_transaction',
        (b) => {
          b.results = ((b.results as Json[]) ?? []).filter((i) => (i.tx as Json).tx_id !== pair.tx_id);
          b.total = (b.results as Json[]).length;
        },
      ],
      ['/extended', 'tip_not_behind', (b) => void ((b.chain_tip as Json).block_height = 1)],
    ];
    const stats = await answer('/extended/v1/tx/mempool/stats');
    const status = await answer('/extended');
    expect(agreementFindings(stats, status)).toEqual([]);
    const inSeconds = edited(stats, (b) => {
      const ages = (b.tx_ages as Json).token_transfer as Json;
      for (const k of ['p25', 'p50', 'p75', 'p95']) ages[k] = Number(ages[k]) * 600;
    });
    expect(fired(inSeconds, status, 'mempool_ages_within_chain'), 'ages in seconds').toBe(true);
    for (const [url, name, edit] of seconds) {
      const second = await answer(url);
      expect(agreementFindings(list, second), url).toEqual([]);
      expect(fired(list, edited(second, edit), name), `${name} on ${url}`).toBe(true);
    }
  });

  it('events_match_transfers reads operation 8 as the STX transfers only, and catches one too many', async () => {
    const single = await answer(`/extended/v1/address/${pair.address}/${pair.tx_id}/with_transfers`);
    const events = await answer(`/extended/v2/addresses/${pair.address}/transactions/${pair.tx_id}/events`);
    expect(Object.keys(single.body as Json)).not.toContain('ft_transfers');
    expect(((events.body as Json).results as Json[]).some((e) => e.type !== 'stx')).toBe(true);
    expect(agreementFindings(single, events)).toEqual([]);
    const extraStx = edited(single, (b) => void (b.stx_transfers as Json[]).push({ amount: '1' }));
    expect(fired(extraStx, events, 'events_match_transfers')).toBe(true);
  });

  it('next_page_continues catches an item on two pages, and says nothing once the total moved', async () => {
    const first = await answer(`/extended/v1/address/${pair.address}/transactions_with_transfers?limit=2`);
    const next = await answer(
      `/extended/v1/address/${pair.address}/transactions_with_transfers?limit=2&offset=2`,
    );
    expect(agreementFindings(first, next)).toEqual([]);
    const repeated = edited(
      next,
      (b) => void ((b.results as Json[])[0] = ((first.body as Json).results as Json[])[1] as Json),
    );
    expect(fired(first, repeated, 'next_page_continues')).toBe(true);
    const moved = edited(repeated, (b) => void (b.total = Number(b.total) + 1));
    expect(fired(first, moved, 'next_page_continues')).toBe(false);
  });
});
