import { describe, test, type TestContext } from 'vitest';
import { requireWorld } from '../cases/common.ts';
import { fetchPage } from '../cases/pagination.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const fullHistory = data.addresses.fullHistory ?? [];

interface Movement {
  amount?: string;
  asset_identifier?: string;
  sender?: string;
  recipient?: string;
}
interface Item {
  tx?: { sender_address?: string; sponsored?: boolean; fee_rate?: string };
  stx_sent?: string;
  stx_received?: string;
  ft_transfers?: Movement[];
  nft_transfers?: Movement[];
}
interface Totals {
  sent: bigint;
  received: bigint;
}
type Tallies = Map<string, Totals>;

function big(v: unknown): bigint {
  return typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : 0n;
}

/** Sent and received per asset, from the transfers that name the principal as sender or recipient. */
function tally(items: Item[], principal: string, kind: 'ft_transfers' | 'nft_transfers'): Tallies {
  const tallies: Tallies = new Map();
  for (const item of items) {
    for (const m of item[kind] ?? []) {
      const asset = m.asset_identifier ?? '?';
      const t = tallies.get(asset) ?? { sent: 0n, received: 0n };
      const moved = kind === 'ft_transfers' ? big(m.amount) : 1n;
      if (m.sender === principal) t.sent += moved;
      if (m.recipient === principal) t.received += moved;
      tallies.set(asset, t);
    }
  }
  return tallies;
}

function compareTokens(
  findings: Problem[],
  name: string,
  tallies: Tallies,
  reported: Record<string, Record<string, string>>,
  held: 'balance' | 'count',
): void {
  for (const asset of new Set([...tallies.keys(), ...Object.keys(reported)])) {
    const t = tallies.get(asset) ?? { sent: 0n, received: 0n };
    const r = reported[asset] ?? {};
    const want = { [held]: t.received - t.sent, total_sent: t.sent, total_received: t.received };
    for (const [field, value] of Object.entries(want)) {
      if (big(r[field]) !== value)
        findings.push({
          where: 'invariant',
          expected: `${name}[${asset}].${field} = ${value} (from the transfers)`,
          actual: r[field] ?? 'absent',
        });
    }
  }
}

/**
 * Walks the principal's whole history and compares its balances with the sums of its transfers:
 * STX received and sent (with fees), the balance identity, and per token the FT and NFT totals.
 */
async function checkBalances(ctx: TestContext, principal: string): Promise<void> {
  // Both answers pinned to one block, so a growing chain cannot come between them.
  const tip = await target.client.call('get_block', { path: { height_or_hash: 'latest' } });
  expectResponse(target, tip, { status: 200, because: 'the chain tip' });
  const pin = { until_block: String((tip.body as { hash?: unknown }).hash) };
  const exchanges: Exchange[] = [tip];
  const items: Item[] = [];
  for (let offset = 0; ; offset += 50) {
    const p = await fetchPage(
      target,
      'get_account_transactions_with_transfers',
      { principal },
      { ...pin, limit: '50', offset: String(offset) },
    );
    exchanges.push(p.ex);
    items.push(...((p.page.results ?? []) as Item[]));
    const total = typeof p.page.total === 'number' ? p.page.total : 0;
    if (total > 50 * target.config.maxWalkPages)
      ctx.skip(
        `${principal} has ${total} transactions: more than CONTRACT_MAX_WALK_PAGES=${target.config.maxWalkPages} pages of 50`,
      );
    if (offset + 50 >= total) break;
  }
  const balances = await target.client.call('get_account_balance', { path: { principal }, query: pin });
  expectResponse(target, balances, { status: 200, because: 'a principal from the target file' });
  exchanges.push(balances);
  const body = (balances.body ?? {}) as {
    stx?: Record<string, string>;
    fungible_tokens?: Record<string, Record<string, string>>;
    non_fungible_tokens?: Record<string, Record<string, string>>;
  };
  const stx = body.stx ?? {};
  const sent = items.reduce((sum, i) => sum + big(i.stx_sent), 0n);
  const received = items.reduce((sum, i) => sum + big(i.stx_received), 0n);
  const findings: Problem[] = [];
  const expectEqual = (what: string, want: bigint, got: bigint, how: string): void => {
    if (want !== got)
      findings.push({ where: 'invariant', expected: `${what} = ${want} (${how})`, actual: String(got) });
  };
  expectEqual(
    'stx.total_received',
    received,
    big(stx.total_received),
    `the sum of stx_received over ${items.length} transactions`,
  );
  // stx_sent counts the fee of every transaction the principal sent, even one a sponsor paid, and
  // a transaction it only sponsored is not in its history (docs/real-service.md): its own fees
  // come off the sum exactly, and total_fees_sent holds at least the fees it paid for itself.
  const sentByIt = items.filter((i) => i.tx?.sender_address === principal);
  const ownFees = sentByIt.reduce((sum, i) => sum + big(i.tx?.fee_rate), 0n);
  const paidFees = sentByIt
    .filter((i) => i.tx?.sponsored !== true)
    .reduce((sum, i) => sum + big(i.tx?.fee_rate), 0n);
  expectEqual(
    'stx.total_sent',
    sent - ownFees,
    big(stx.total_sent),
    `the sum of stx_sent over ${items.length} transactions, less the fees of those the principal sent`,
  );
  if (big(stx.total_fees_sent) < paidFees)
    findings.push({
      where: 'invariant',
      expected: `stx.total_fees_sent >= ${paidFees} (the fees of the unsponsored transactions the principal sent)`,
      actual: String(stx.total_fees_sent),
    });
  expectEqual(
    'stx.balance',
    big(stx.total_received) -
      big(stx.total_sent) -
      big(stx.total_fees_sent) +
      big(stx.total_miner_rewards_received),
    big(stx.balance),
    'received − sent − fees + miner rewards',
  );
  if (items.every((i) => Array.isArray(i.ft_transfers)))
    compareTokens(
      findings,
      'fungible_tokens',
      tally(items, principal, 'ft_transfers'),
      body.fungible_tokens ?? {},
      'balance',
    );
  if (items.every((i) => Array.isArray(i.nft_transfers)))
    compareTokens(
      findings,
      'non_fungible_tokens',
      tally(items, principal, 'nft_transfers'),
      body.non_fungible_tokens ?? {},
      'count',
    );
  expectConsistent(
    target,
    'get_account_balance',
    `balances of ${principal} against its ${items.length} transactions`,
    exchanges,
    findings,
  );
}

describe('balances agree with transfers', () => {
  describe('get_account_balance', () => {
    describe('200 OK', () => {
      if (fullHistory.length === 0) {
        test('balances equal the sum of the transfers', (ctx) =>
          ctx.skip(
            'the target file lists no address whose full history is available (addresses.fullHistory)',
          ));
      }
      for (const principal of fullHistory) {
        test(`${principal}: balances equal the sum of its transfers`, async (ctx) => {
          requireWorld(ctx, target);
          await checkBalances(ctx, principal);
        });
      }
    });
  });
});
