import { expect } from 'vitest';
import { expectedAccounts } from './world-file-oracle.ts';

type Get = (url: string) => Promise<{ status: number; body: any }>;

/**
 * Checks every declared account of a served world against its file: STX balance, totals, fees,
 * lock, pending amounts, each token balance, and the heights of its whole history.
 */
export async function checkServedWorld(get: Get, fileText: string): Promise<number> {
  const index = await get('/_mock/world');
  expect(index.status).toBe(200);
  const declared = index.body.declared.accounts as { name: string; address: string }[];
  const addressOf = (name: string): string => {
    const found = declared.find((a) => a.name === name);
    if (!found) throw new Error(`/_mock/world does not list ${name}`);
    return found.address;
  };
  const expected = expectedAccounts(fileText, addressOf);
  expect(declared.map((a) => a.address).sort()).toEqual([...expected.keys()].sort());
  for (const [address, want] of expected) {
    const res = await get(`/extended/v1/address/${address}/balances`);
    expect(res.status).toBe(200);
    const stx = res.body.stx;
    const label = `${address}`;
    expect({ label, balance: stx.balance }).toEqual({ label, balance: String(want.balance) });
    expect(stx.total_sent, label).toBe(String(want.totalSent));
    expect(stx.total_received, label).toBe(String(want.totalReceived));
    expect(stx.total_fees_sent, label).toBe(String(want.totalFees));
    expect(stx.locked, label).toBe(String(want.locked));
    expect(stx.pending_balance_outbound, label).toBe(String(want.pendingOut));
    expect(stx.pending_balance_inbound, label).toBe(String(want.pendingIn));
    expect(stx.estimated_balance, label).toBe(String(want.balance - want.pendingOut + want.pendingIn));
    const ft = Object.fromEntries(
      Object.entries(res.body.fungible_tokens).map(([k, v]: [string, any]) => [k, v.balance]),
    );
    expect(ft, label).toEqual(Object.fromEntries([...want.ft].map(([k, v]) => [k, String(v)])));
    const nft = Object.fromEntries(
      Object.entries(res.body.non_fungible_tokens).map(([k, v]: [string, any]) => [k, Number(v.count)]),
    );
    expect(nft, label).toEqual(Object.fromEntries(want.nft));
    const heights: number[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await get(
        `/extended/v1/address/${address}/transactions_with_transfers?limit=50&offset=${offset}`,
      );
      expect(page.status).toBe(200);
      heights.push(...page.body.results.map((r: any) => r.tx.block_height as number));
      if (offset + 50 >= page.body.total) break;
    }
    expect(
      heights.sort((x, y) => x - y),
      label,
    ).toEqual(want.heights);
  }
  return expected.size;
}
