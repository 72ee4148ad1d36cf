import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { ContractKind } from '../world/tables/kinds.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);
const { chain } = app.live.queries;
const tokens = chain.contracts.filter((c) => c.kind === ContractKind.Ft && !c.pending).slice(0, 3);
function holdersUrl(assetId: string, query = ''): string {
  return `/extended/v1/tokens/ft/${encodeURIComponent(assetId)}/holders${query}`;
}

describe("a fungible token's holders", () => {
  it('hold what their v3 FT balances say, the largest first, summing to the supply the metadata service gives', async () => {
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      const page = await body(holdersUrl(token.assetId, '?limit=200'));
      expect(page.results.length).toBe(page.total);
      expect(page.total).toBeGreaterThan(1);
      const balances = page.results.map((h: Json) => BigInt(h.balance));
      expect(balances).toEqual([...balances].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      const sum = balances.reduce((a: bigint, b: bigint) => a + b, 0n);
      expect(page.total_supply).toBe(String(sum));
      expect(page.total_supply).toBe((await body(`/metadata/v1/ft/${token.id}`)).total_supply);
      for (const holder of page.results.slice(0, 3)) {
        const v3 = await body(
          `/extended/v3/principals/${holder.address}/balances/ft/${encodeURIComponent(token.assetId)}`,
        );
        expect(v3.balance, holder.address).toBe(holder.balance);
      }
    }
  });

  it('pages by limit and offset (default 100), a page past the end reporting 0 for total and supply', async () => {
    const assetId = tokens[0]!.assetId;
    const all = await body(holdersUrl(assetId));
    expect(all.limit).toBe(100);
    expect((await body(holdersUrl(assetId, '?limit=0'))).limit).toBe(100);
    const second = await body(holdersUrl(assetId, '?limit=1&offset=1'));
    expect([second.total, second.total_supply, second.results]).toEqual([
      all.total,
      all.total_supply,
      [all.results[1]],
    ]);
    const past = await body(holdersUrl(assetId, `?offset=${all.total}`));
    expect([past.total, past.total_supply, past.results]).toEqual([0, '0', []]);
    expect((await get(holdersUrl(assetId, '?limit=201'))).status).toBe(400);
  });

  it('answers an asset the world never moved with an empty page, as the real service does', async () => {
    for (const token of [`${tokens[0]!.id}::no-such-asset`, 'not an asset', 'stx']) {
      const page = await body(holdersUrl(token));
      expect([page.total, page.total_supply, page.results], token).toEqual([0, '0', []]);
    }
  });
});
