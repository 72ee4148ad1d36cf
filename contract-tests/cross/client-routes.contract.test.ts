import { sha512_256 } from '@noble/hashes/sha512';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { deserializeTransaction } from '@stacks/transactions';
import { describe, test, type TestContext } from 'vitest';
import { nftAgreement } from '../checks/successor-agreement.ts';
import { need, requireWorld } from '../cases/common.ts';
import {
  isJson,
  skipUnlessWhole,
  readCursorPages,
  readOffsetPages,
  readOne,
} from '../cases/successor-reads.ts';
import type { Json, Read } from '../cases/successor-reads.ts';
import { expectConsistent, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { isServed } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

// The routes real clients call beyond the eight (issue 40) agree with the routes that say the same.
const target = await contractTarget();
const data = await target.data();
const release = target.release.profile?.version ?? target.release.version;

function differs(where: string, expected: string, actual: string): Problem[] {
  return expected === actual ? [] : [{ where, expected, actual }];
}

/** The mempool list's ids, read twice around `between`: a mempool that moved meanwhile is not compared. */
async function steadyMempool(ctx: TestContext, between: () => Promise<Exchange[]>) {
  const before = await readOffsetPages(target, 'get_mempool_transaction_list', {}, 50);
  skipUnlessWhole(ctx, before, 'the mempool list');
  const exchanges = await between();
  const after = await readOffsetPages(target, 'get_mempool_transaction_list', {}, 50);
  const ids = (r: Read) => r.rows.map((t) => String(t.tx_id));
  if (ids(before).join() !== ids(after).join())
    ctx.skip('the mempool changed while it was read: not compared');
  return { rows: before.rows, exchanges: [...before.exchanges, ...exchanges, ...after.exchanges] };
}

describe('the routes real clients call agree with the routes already served', () => {
  test('mempool list: each listed transaction is the pending one tx/multiple finds', async (ctx) => {
    requireWorld(ctx, target);
    let found: Json = {};
    const { rows, exchanges } = await steadyMempool(ctx, async () => {
      const ids = (await readOffsetPages(target, 'get_mempool_transaction_list', {}, 50)).rows.map((t) =>
        String(t.tx_id),
      );
      if (ids.length === 0) return [];
      const one = await readOne(target, 'get_tx_list_details', {}, { tx_id: ids.join(',') });
      found = one.body;
      return [one.ex];
    });
    if (rows.length === 0) ctx.skip('the mempool is empty: nothing to compare');
    const findings = rows.flatMap((row) => {
      const entry = found[String(row.tx_id)];
      const result = isJson(entry) && entry.found === true ? entry.result : undefined;
      return differs(
        `tx/multiple ${String(row.tx_id)}`,
        JSON.stringify(row),
        JSON.stringify(result ?? '(not found)'),
      );
    });
    expectConsistent(target, 'get_mempool_transaction_list', 'against tx/multiple', exchanges, findings);
  });

  test('v3 mempool transactions: the v1 list’s transactions, newest first', async (ctx) => {
    requireWorld(ctx, target);
    if (!isServed('get_mempool_transactions')) ctx.skip(`release ${release} serves no v3 mempool list`);
    let v3: Read = { rows: [], exchanges: [] };
    const { rows, exchanges } = await steadyMempool(ctx, async () => {
      v3 = await readCursorPages(target, 'get_mempool_transactions', {}, 50);
      return v3.exchanges;
    });
    skipUnlessWhole(ctx, v3, 'the v3 mempool list');
    const asSet = (ids: string[]) => [...ids].sort().join('\n');
    const findings = differs(
      'v3 mempool transactions (as a set)',
      asSet(rows.map((t) => String(t.tx_id))),
      asSet(v3.rows.map((t) => String(t.tx_id))),
    );
    const times = v3.rows.map((t) => Number(t.receipt_time));
    findings.push(
      ...differs(
        'v3 receipt times, newest first',
        'descending',
        times.every((t, i) => i === 0 || t <= (times[i - 1] as number)) ? 'descending' : times.join(','),
      ),
    );
    expectConsistent(target, 'get_mempool_transactions', 'against the v1 mempool list', exchanges, findings);
  });

  test('NFT holdings: what get_account_balance counts and, where served, the v3 NFT balances', async (ctx) => {
    requireWorld(ctx, target);
    const principal = need(
      ctx,
      data.addresses.nft_activity,
      'an address holding NFTs',
      'addresses.nft_activity',
    );
    const before = await readOne(target, 'get_account_balance', { principal });
    const holdings = await readOffsetPages(target, 'get_nft_holdings', {}, 200, { principal });
    skipUnlessWhole(ctx, holdings, `${principal}'s holdings`);
    const v3 = isServed('get_principal_balances_nft')
      ? await readCursorPages(target, 'get_principal_balances_nft', { principal }, 200)
      : undefined;
    const after = await readOne(target, 'get_account_balance', { principal });
    if (JSON.stringify(before.body) !== JSON.stringify(after.body))
      ctx.skip('the chain moved meanwhile: not compared');
    const findings = nftAgreement(principal, before.body, holdings.rows);
    if (v3) {
      skipUnlessWhole(ctx, v3, `${principal}'s v3 NFT balances`);
      const key = (r: Json) => `${String(r.asset_identifier)} ${String(isJson(r.value) ? r.value.hex : '')}`;
      findings.push(
        ...differs(
          'holdings against v3 balances/nft (as a set)',
          v3.rows.map(key).sort().join('\n'),
          holdings.rows.map(key).sort().join('\n'),
        ),
      );
    }
    expectConsistent(
      target,
      'get_nft_holdings',
      'against operation 7 and v3 balances/nft',
      [before.ex, ...holdings.exchanges, ...(v3?.exchanges ?? []), after.ex],
      findings,
    );
  });

  test('BNS name: its owner’s names list it, and a registration is a transaction its owner sent', async (ctx) => {
    requireWorld(ctx, target);
    const found = need(ctx, data.bnsName, 'a BNS name', 'discovery (the names of the addresses it knows)');
    const info = await readOne(target, 'get_name_info', { name: found.name });
    const address = String(info.body.address);
    const owned = await readOne(target, 'get_names_owned_by_address', { blockchain: 'stacks', address });
    const names = Array.isArray(owned.body.names) ? owned.body.names.map(String) : [];
    const findings = differs(
      `${address}'s names`,
      `listing ${found.name}`,
      names.includes(found.name) ? `listing ${found.name}` : names.join(', '),
    );
    const exchanges = [info.ex, owned.ex];
    // A transfer's last transaction is the old owner's; a registration's is the owner's own.
    if (info.body.status === 'name-register') {
      const tx = await readOne(target, 'get_transaction_by_id', { tx_id: String(info.body.last_txid) });
      exchanges.push(tx.ex);
      findings.push(
        ...differs(`${String(info.body.last_txid)}'s sender`, address, String(tx.body.sender_address)),
      );
    }
    expectConsistent(
      target,
      'get_name_info',
      'against the owner’s names and its registration',
      exchanges,
      findings,
    );
  });

  test('raw transaction: its bytes hash to its id and decode to the transaction tx/{tx_id} serves', async (ctx) => {
    requireWorld(ctx, target);
    if (!isServed('get_raw_transaction_by_id'))
      ctx.skip(`release ${release} serves no raw transaction route`);
    const ids = [...new Set(Object.values(data.txByType).flat())].slice(0, 4);
    const pending = data.mempool[0];
    if (pending) ids.push(pending);
    if (ids.length === 0) ctx.skip('the target names no transaction');
    const exchanges: Exchange[] = [];
    const findings: Problem[] = [];
    for (const id of ids) {
      const raw = await readOne(target, 'get_raw_transaction_by_id', { tx_id: id });
      const tx = await readOne(target, 'get_transaction_by_id', { tx_id: id });
      exchanges.push(raw.ex, tx.ex);
      // stacks.js reads a poison microblock's payload without its two headers: its bytes are only hashed.
      if (raw.ex.status !== 200 || tx.ex.status !== 200) continue;
      const hex = String(raw.body.raw_tx).replace(/^0x/, '');
      findings.push(
        ...differs(`${id}'s raw bytes hashed`, id, `0x${bytesToHex(sha512_256(hexToBytes(hex)))}`),
      );
      if (tx.body.tx_type !== 'poison_microblock')
        findings.push(...differs(`${id}'s raw bytes decoded`, decodedFacts(tx.body), rawFacts(hex)));
    }
    expectConsistent(
      target,
      'get_raw_transaction_by_id',
      'against its id and get_transaction_by_id',
      exchanges,
      findings,
    );
  });
});

/** What a transaction's bytes say that its served form says too: nonce, fee, sponsorship and payload type. */
function decodedFacts(tx: Json): string {
  return JSON.stringify([String(tx.nonce), String(tx.fee_rate), tx.sponsored === true, tx.tx_type]);
}

const PAYLOAD_TYPES: Record<number, string> = {
  0: 'token_transfer',
  1: 'smart_contract',
  2: 'contract_call',
  3: 'poison_microblock',
  4: 'coinbase',
  6: 'smart_contract',
  7: 'tenure_change',
  8: 'coinbase',
};

function rawFacts(hex: string): string {
  try {
    const decoded = deserializeTransaction(hex);
    const auth = decoded.auth;
    const sponsored = auth.authType === 0x05;
    const fee =
      sponsored && 'sponsorSpendingCondition' in auth
        ? auth.sponsorSpendingCondition.fee
        : auth.spendingCondition.fee;
    return JSON.stringify([
      String(auth.spendingCondition.nonce),
      String(fee),
      sponsored,
      PAYLOAD_TYPES[decoded.payload.payloadType as number] ?? String(decoded.payload.payloadType),
    ]);
  } catch (error) {
    return `not a transaction stacks.js decodes: ${(error as Error).message}`;
  }
}
