import { describe, test, type TestContext } from 'vitest';
import {
  feeFacts,
  ftAgreement,
  historyAgreement,
  netChangeAgreement,
  nftAgreement,
  stxAgreement,
  v2MatchesV3,
} from '../checks/successor-agreement.ts';
import { requireWorld } from '../cases/common.ts';
import {
  isJson,
  skipUnlessWhole,
  readCursorPages,
  readOffsetPages,
  readOne,
  type Json,
} from '../cases/successor-reads.ts';
import { expectConsistent, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { isServed } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const release = target.release.profile?.version ?? target.release.version;

const a = data.addresses;
/** The principals whose balances are compared: every notable one the target file lists or discovery found. */
const balanceHolders = [
  ...new Set([a.stx_activity, a.ft_activity, a.nft_activity, a.locked_stx, a.vesting].filter(Boolean)),
] as string[];
/** The principals whose whole histories are compared: small ones (`fullHistory`), else the STX-active one. */
const historyHolders = (a.fullHistory?.length ? a.fullHistory : [a.stx_activity].filter(Boolean)).slice(
  0,
  3,
) as string[];

/** Skips the test unless the target serves one of `ids` beside the deprecated operation; names the release. */
function needsSuccessor(ctx: TestContext, ids: string[]): void {
  requireWorld(ctx, target);
  if (!ids.some(isServed))
    ctx.skip(`release ${release} serves none of ${ids.join(', ')}: nothing to agree with`);
}

/** Operation 7's balances, read before and after the successors: a chain that moved between is not compared. */
async function balanceOf(principal: string): Promise<{ body: Json; ex: Exchange }> {
  return readOne(target, 'get_account_balance', { principal });
}

function unmoved(ctx: TestContext, before: Json, after: Json, what: string): void {
  if (JSON.stringify(before) !== JSON.stringify(after))
    ctx.skip(`the chain moved while ${what} was read: not compared`);
}

describe('successors agree with the deprecated operations', () => {
  test('STX balance and lock: v3 balances/stx and v2 balances/stx say what get_account_balance says', async (ctx) => {
    needsSuccessor(ctx, ['get_principal_balances_stx', 'get_principal_stx_balance']);
    const findings: Problem[] = [];
    const exchanges: Exchange[] = [];
    for (const principal of balanceHolders) {
      const before = await balanceOf(principal);
      const v3 = isServed('get_principal_balances_stx')
        ? await readOne(target, 'get_principal_balances_stx', { principal })
        : undefined;
      const v2 = isServed('get_principal_stx_balance')
        ? await readOne(target, 'get_principal_stx_balance', { principal })
        : undefined;
      const after = await balanceOf(principal);
      unmoved(ctx, before.body, after.body, `${principal}'s balance`);
      exchanges.push(before.ex, ...(v3 ? [v3.ex] : []), ...(v2 ? [v2.ex] : []));
      findings.push(...stxAgreement(principal, before.body, v3?.body, v2?.body));
    }
    expectConsistent(
      target,
      'get_principal_balances_stx',
      'STX balances against operation 7',
      exchanges,
      findings,
    );
  });

  test('FT balances: v3 balances/ft, balances/ft/{asset} and v2 balances/ft hold what get_account_balance counts', async (ctx) => {
    needsSuccessor(ctx, ['get_principal_balances_ft', 'get_principal_ft_balances']);
    const findings: Problem[] = [];
    const exchanges: Exchange[] = [];
    for (const principal of balanceHolders) {
      const before = await balanceOf(principal);
      const v3 = isServed('get_principal_balances_ft')
        ? await readCursorPages(target, 'get_principal_balances_ft', { principal }, 200)
        : undefined;
      const v3One = new Map<string, Json>();
      if (isServed('get_principal_balance_ft'))
        for (const asset of Object.keys(
          isJson(before.body.fungible_tokens) ? before.body.fungible_tokens : {},
        ).slice(0, 3)) {
          const one = await readOne(target, 'get_principal_balance_ft', {
            principal,
            asset_identifier: asset,
          });
          v3One.set(asset, one.body);
          exchanges.push(one.ex);
        }
      const v2 = isServed('get_principal_ft_balances')
        ? await readOffsetPages(target, 'get_principal_ft_balances', { principal }, 200)
        : undefined;
      const after = await balanceOf(principal);
      unmoved(ctx, before.body, after.body, `${principal}'s balance`);
      for (const read of [v3, v2]) if (read) skipUnlessWhole(ctx, read, `${principal}'s tokens`);
      exchanges.push(before.ex, ...(v3?.exchanges ?? []), ...(v2?.exchanges ?? []));
      findings.push(...ftAgreement(principal, before.body, { v3: v3?.rows, v3One, v2: v2?.rows }));
    }
    expectConsistent(
      target,
      'get_principal_balances_ft',
      'FT balances against operation 7',
      exchanges,
      findings,
    );
  });

  test('NFT holdings: v3 balances/nft holds as many of each asset as get_account_balance counts', async (ctx) => {
    needsSuccessor(ctx, ['get_principal_balances_nft']);
    const findings: Problem[] = [];
    const exchanges: Exchange[] = [];
    for (const principal of balanceHolders) {
      const before = await balanceOf(principal);
      const v3 = await readCursorPages(target, 'get_principal_balances_nft', { principal }, 200);
      const after = await balanceOf(principal);
      unmoved(ctx, before.body, after.body, `${principal}'s balance`);
      skipUnlessWhole(ctx, v3, `${principal}'s NFTs`);
      exchanges.push(before.ex, ...v3.exchanges);
      findings.push(...nftAgreement(principal, before.body, v3.rows));
    }
    expectConsistent(
      target,
      'get_principal_balances_nft',
      'NFT holdings against operation 7',
      exchanges,
      findings,
    );
  });

  test("histories: v3 transactions and v2 address transactions list operation 6's and the ones the principal only sponsored, the fee counted for its payer", async (ctx) => {
    needsSuccessor(ctx, ['get_principal_transactions', 'get_address_transactions']);
    const findings: Problem[] = [];
    const exchanges: Exchange[] = [];
    for (const principal of historyHolders) {
      const old = await readOffsetPages(
        target,
        'get_account_transactions_with_transfers',
        { principal },
        50,
        {
          unanchored: 'true',
        },
      );
      const v3 = isServed('get_principal_transactions')
        ? await readCursorPages(target, 'get_principal_transactions', { principal }, 50)
        : undefined;
      const v2 = isServed('get_address_transactions')
        ? await readOffsetPages(target, 'get_address_transactions', { address: principal }, 50)
        : undefined;
      const again = await readOne(
        target,
        'get_account_transactions_with_transfers',
        { principal },
        {
          unanchored: 'true',
          limit: '1',
        },
      );
      unmoved(
        ctx,
        { total: old.exchanges[0] && (old.exchanges[0].body as Json).total },
        { total: again.body.total },
        `${principal}'s history`,
      );
      for (const read of [old, v3, v2]) if (read) skipUnlessWhole(ctx, read, `${principal}'s history`);
      exchanges.push(...old.exchanges, ...(v3?.exchanges ?? []), ...(v2?.exchanges ?? []));
      if (v3)
        findings.push(
          ...historyAgreement(principal, old.rows, {
            name: 'v3 transactions',
            rows: v3.rows,
            tx: (r) => (isJson(r.transaction) ? r.transaction : {}),
            net: (r) => BigInt(String((r.balance_changes as { stx?: { net?: string } }).stx?.net ?? '0')),
          }),
        );
      if (v2)
        findings.push(
          ...historyAgreement(principal, old.rows, {
            name: 'v2 address transactions',
            rows: v2.rows,
            tx: (r) => (isJson(r.tx) ? r.tx : {}),
            net: (r) => BigInt(String(r.stx_received ?? '0')) - BigInt(String(r.stx_sent ?? '0')),
          }),
        );
      if (v3 && v2) findings.push(...v2MatchesV3(principal, v2.rows, v3.rows));
    }
    expectConsistent(
      target,
      'get_principal_transactions',
      'histories against operation 6',
      exchanges,
      findings,
    );
  });

  test("each transaction's net change: v3 balance-changes is the principal's events in get_address_transaction_events and its fee", async (ctx) => {
    needsSuccessor(ctx, ['get_principal_transaction_balance_changes']);
    const principal =
      historyHolders[0] ?? ctx.skip("no principal: list one in the target file's `addresses.fullHistory`");
    const findings: Problem[] = [];
    const exchanges: Exchange[] = [];
    const page = await readOne(target, 'get_principal_transactions', { principal }, { limit: '10' });
    exchanges.push(page.ex);
    const rows = Array.isArray(page.body.results) ? page.body.results.filter(isJson) : [];
    for (const row of rows) {
      const tx = isJson(row.transaction) ? row.transaction : {};
      const tx_id = String(tx.tx_id);
      const events = await readOffsetPages(
        target,
        'get_address_transaction_events',
        { address: principal, tx_id },
        50,
      );
      const changes = await readCursorPages(
        target,
        'get_principal_transaction_balance_changes',
        { principal, tx_id },
        50,
      );
      skipUnlessWhole(ctx, events, `${tx_id}'s events`);
      exchanges.push(...events.exchanges, ...changes.exchanges);
      findings.push(...netChangeAgreement(principal, tx, events.rows, changes.rows));
      const stx = changes.rows.find((c) => isJson(c.asset) && c.asset.type === 'stx');
      const net = (row.balance_changes as { stx?: { net?: string } } | undefined)?.stx?.net ?? '0';
      const change = isJson(stx?.balance_change) ? String(stx.balance_change.net) : '0';
      if (net !== change)
        findings.push({
          where: `${principal} ${tx_id} v3 transactions balance_changes.stx.net`,
          expected: `${change} (its balance-changes' stx net; payer ${feeFacts(tx).payer})`,
          actual: net,
        });
    }
    expectConsistent(
      target,
      'get_principal_transaction_balance_changes',
      "net changes against operation 5's events",
      exchanges,
      findings,
    );
  });
});
