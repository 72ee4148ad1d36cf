import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  deserializeTransaction,
  NonFungibleConditionCode,
  PayloadType,
  PostConditionMode,
  PostConditionType,
  TenureChangeCause,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMock, nodeSources } from '../create-mock.ts';
import { mockKernel, type MockKernel } from '../kernel.ts';
import { blockMessage } from '../event-stream/messages.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';
import type { ConfirmedTransaction, PendingTransaction } from '../serialize/types.ts';
import type { WorldFileError } from '../world/declared/plan.ts';
import type { WorldFileData } from '../world/declared/world-file.ts';
import { TENURE_CAUSES } from '../world/tables/kinds.ts';
import { declaresConditions, nftConditionMaybeSent, postConditionModeOf } from '../world/tables/tx-flags.ts';

const WORLD = fileURLToPath(new URL('../../fixtures/worlds/release-9.yaml', import.meta.url));
const FILE = parse(readFileSync(WORLD, 'utf8')) as WorldFileData;

/**
 * The file's replace-by-fee pairs without epoch 4's values (the one `originator` mode dropped):
 * a world 8.11.6 can serve, to compare the two releases on.
 */
const PAIRS_ONLY: WorldFileData = {
  accounts: FILE.accounts,
  tokens: FILE.tokens,
  mempool: FILE.mempool!.map(({ post_condition_mode: _, ...tx }) => tx),
};

type Tx = ConfirmedTransaction | PendingTransaction;

/** Each world's mock and transactions under each release, built once: every test only reads them. */
const served = new Map<string | WorldFileData, Map<string, Promise<{ txs: Tx[]; mock: MockKernel }>>>();

/** Every transaction of the world, mined and pending, as `tx/multiple` answers it. */
function everyTx(
  apiVersion: string,
  world: string | WorldFileData = WORLD,
): Promise<{ txs: Tx[]; mock: MockKernel }> {
  const releases = served.get(world) ?? new Map<string, Promise<{ txs: Tx[]; mock: MockKernel }>>();
  served.set(world, releases);
  let found = releases.get(apiVersion);
  if (!found) releases.set(apiVersion, (found = readEveryTx(apiVersion, world)));
  return found;
}

async function readEveryTx(
  apiVersion: string,
  world: string | WorldFileData,
): Promise<{ txs: Tx[]; mock: MockKernel }> {
  const options = { quiet: true, rateLimit: 0, apiVersion };
  const mock =
    typeof world === 'string' ? createMock({ ...options, world }) : mockKernel(options, nodeSources(world));
  const t = mock.live.queries.chain.txs;
  const m = mock.live.queries.chain.mempool;
  const ids = [
    ...Array.from({ length: t.count }, (_, i) => t.idHex(i)),
    ...Array.from({ length: m.count }, (_, i) => m.idHex(i)),
  ];
  const txs: Tx[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const url = `/extended/v1/tx/multiple?unanchored=true&tx_id=${ids.slice(i, i + 100).join(',')}`;
    const res = await mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined });
    expect(res.status, url.slice(0, 80)).toBe(200);
    const body = res.body as Record<string, { found: boolean; result: Tx }>;
    txs.push(...Object.values(body).flatMap((e) => (e.found ? [e.result] : [])));
  }
  return { txs, mock };
}

describe("fixtures/worlds/release-9.yaml: release 9's new values, served as 9.0.2", () => {
  it('holds each new value at least once', async () => {
    const { txs } = await everyTx('9.0.2');
    const conditions = txs.flatMap((tx) => tx.post_conditions);
    expect(txs.some((tx) => tx.post_condition_mode === 'originator')).toBe(true);
    expect(conditions.some((pc) => pc.type === 'staking')).toBe(true);
    expect(conditions.some((pc) => pc.type === 'pox' && pc.condition_code === 'performed')).toBe(true);
    expect(conditions.some((pc) => pc.type === 'pox' && pc.condition_code === 'not_performed')).toBe(true);
    expect(conditions.some((pc) => pc.type === 'non_fungible' && pc.condition_code === 'maybe_sent')).toBe(
      true,
    );
    const causes = txs.flatMap((tx) =>
      tx.tx_type === 'tenure_change' ? [tx.tenure_change_payload.cause] : [],
    );
    expect(causes).toEqual(expect.arrayContaining([...TENURE_CAUSES]));
    expect(txs.filter((tx) => tx.tx_status === 'problematic_skipped')).toHaveLength(2);
  });

  it('a transaction skipped as problematic was mined but not executed: fee and nonce taken, nothing moved', async () => {
    const { txs, mock } = await everyTx('9.0.2');
    const skipped = txs.filter((tx): tx is ConfirmedTransaction => tx.tx_status === 'problematic_skipped');
    for (const tx of skipped) {
      expect(tx.tx_result).toEqual({ hex: '0x0809', repr: '(err none)' });
      expect([tx.event_count, tx.events]).toEqual([0, []]);
      expect([
        tx.execution_cost_read_count,
        tx.execution_cost_read_length,
        tx.execution_cost_runtime,
        tx.execution_cost_write_count,
        tx.execution_cost_write_length,
      ]).toEqual([0, 0, 0, 0, 0]);
    }
    const nft = skipped.find((tx) => tx.tx_type === 'contract_call')!;
    const get = async (url: string): Promise<any> => {
      const res = await mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined });
      return res.body;
    };
    // Its NFT (id 4) stayed with its sender (2, 3 and 4 of its 4: 1 went at height 41), whose
    // next nonce is past it.
    const maker = nft.sender_address;
    const held = await get(`/extended/v1/address/${maker}/balances`);
    expect(held.non_fungible_tokens[`${nft.contract_call.contract_id}::ticket`].count).toBe('3');
    expect((await get(`/extended/v1/address/${maker}/nonces`)).possible_next_nonce).toBeGreaterThan(
      nft.nonce,
    );
  });

  it('as 8.11.6 the file is refused, one line per value of epoch 4, naming the release that imports it', () => {
    let problems: readonly string[] = [];
    try {
      createMock({ quiet: true, rateLimit: 0, world: WORLD, apiVersion: '8.11.6' });
    } catch (err) {
      problems = (err as WorldFileError).problems;
    }
    expect(problems).toHaveLength(14);
    const firstTransaction = readFileSync(WORLD, 'utf8').split('\n').indexOf('transactions:') + 2;
    expect(problems[0]).toBe(
      `line ${firstTransaction}: transactions[0]: post_condition_mode originator is a value of epoch 4, which 8.11.6 cannot import: serve this world with --api-version 9.0.2`,
    );
    expect(problems.filter((p) => p.includes('problematic_skipped'))).toHaveLength(2);
    expect(
      problems.filter((p) => /tenure_changes\[\d\]: tenure-change cause extended_/.test(p)),
    ).toHaveLength(5);
  });

  it('replaces by fee: the lower fee of each pair names the higher, by its own payer nonce', async () => {
    const { txs } = await everyTx('9.0.2');
    const pending = txs.filter((tx): tx is PendingTransaction => 'receipt_time' in tx);
    const dropped = pending.filter((tx) => tx.tx_status === 'dropped_replace_by_fee' && tx.replaced_by_tx_id);
    expect(dropped.map((tx) => tx.fee_rate).sort()).toEqual(['2000', '300']);
    for (const loser of dropped) {
      const winner = pending.find((tx) => tx.tx_id === loser.replaced_by_tx_id);
      expect(winner?.tx_status).toBe('pending');
      expect(BigInt(winner!.fee_rate)).toBeGreaterThan(BigInt(loser.fee_rate));
      const payer = (tx: PendingTransaction): string =>
        tx.sponsored ? `${tx.sponsor_address}:${tx.sponsor_nonce}` : `${tx.sender_address}:${tx.nonce}`;
      expect(payer(winner!)).toBe(payer(loser));
    }
    // The same pairs without epoch 4's values: as 8.11.6 nothing is replaced, and no result says
    // what replaced it.
    const replaced = async (apiVersion: string): Promise<Tx[]> =>
      (await everyTx(apiVersion, PAIRS_ONLY)).txs.filter((tx) => 'receipt_time' in tx);
    const v9 = await replaced('9.0.2');
    const v8 = await replaced('8.11.6');
    const droppedIn = (txs: Tx[]): number =>
      txs.filter((tx) => tx.tx_status === 'dropped_replace_by_fee').length;
    expect(droppedIn(v9) - droppedIn(v8)).toBe(2);
    expect(v8.some((tx) => 'replaced_by_tx_id' in tx)).toBe(false);
  });

  it("a replaced transaction leaves its payer's pending balance, as v9 prunes it", async () => {
    const outbound = async (apiVersion: string): Promise<bigint> => {
      const { mock } = await everyTx(apiVersion, PAIRS_ONLY);
      const taker = mock.live.queries.catalogue().declared.accounts.find((a) => a.name === 'taker');
      const url = `/extended/v1/address/${taker!.address}/balances`;
      const res = await mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined });
      const body = res.body as { stx: { pending_balance_outbound?: string } };
      return BigInt(body.stx.pending_balance_outbound ?? '0');
    };
    // The first of the pair (2,000,000 µSTX and a 300 µSTX fee) no longer counts as 9.0.2.
    expect((await outbound('8.11.6')) - (await outbound('9.0.2'))).toBe(2_000_300n);
  });

  it('the event-stream export writes them as a stacks-node would: @stacks/transactions decodes each', async () => {
    const { mock } = await everyTx('9.0.2');
    const chain = mock.live.queries.chain;
    const wire = new Set<PostConditionType>();
    let originator = 0;
    let maybeSent = 0;
    for (const table of [chain.txs, chain.mempool])
      for (let row = 0; row < table.count; row++) {
        const declared =
          postConditionModeOf(table, row) === 'originator' ||
          declaresConditions(table, row) ||
          nftConditionMaybeSent(table, row);
        if (!declared) continue;
        const decoded = deserializeTransaction(rawTxOf(chain, table, row).hex);
        if (decoded.postConditionMode === PostConditionMode.Originator) originator++;
        for (const pc of decoded.postConditions.values) {
          wire.add(pc.conditionType);
          if (
            pc.conditionType === PostConditionType.NonFungible &&
            pc.conditionCode === NonFungibleConditionCode.MaybeSent
          )
            maybeSent++;
        }
      }
    expect(originator).toBeGreaterThanOrEqual(2);
    // The tenure-change causes, coded as stacks-core's TenureChangeCause (2 to 6).
    const wireCauses = new Set<TenureChangeCause>();
    const t = chain.txs;
    for (let row = 0; row < t.count; row++) {
      const payload = deserializeTransaction(rawTxOf(chain, t, row).hex).payload;
      if (payload.payloadType === PayloadType.TenureChange) wireCauses.add(payload.cause);
    }
    expect([...wireCauses].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // `/new_block` carries a skipped transaction as a stacks-node writes its receipt.
    const heights = [62, 63];
    for (const height of heights) {
      const skipped = blockMessage(chain, height, () => undefined).transactions.find(
        (tx) => tx.status === 'problematic_skipped',
      );
      expect(skipped).toMatchObject({
        raw_result: '0x0809',
        problematic_skipped: 0,
        vm_error: null,
        execution_cost: { read_count: 0, read_length: 0, runtime: 0, write_count: 0, write_length: 0 },
      });
    }
    const plain = blockMessage(chain, 61, () => undefined).transactions;
    expect(plain.some((tx) => 'problematic_skipped' in tx)).toBe(false);
    expect(maybeSent).toBe(1);
    expect([...wire]).toEqual(expect.arrayContaining([PostConditionType.Staking, PostConditionType.PoX]));
  });

  it('a token moved past 2^64 is served exactly, conditioned at the largest amount a post-condition states, and decodes', async () => {
    const { txs, mock } = await everyTx('9.0.2');
    const chain = mock.live.queries.chain;
    const big = txs.flatMap((tx) =>
      tx.tx_type === 'contract_call' &&
      tx.contract_call.contract_id.endsWith('.wei-coin') &&
      BigInt(String(tx.contract_call.function_args?.[0]?.repr ?? 'u0').slice(1)) > 2n ** 64n
        ? [tx]
        : [],
    );
    expect(big.map((tx) => tx.contract_call.function_args?.[0]?.repr)).toEqual([
      'u633825300114114700748351602688061',
      'u36893488147419103233',
    ]);
    for (const tx of big) {
      expect(tx.post_conditions).toEqual([
        expect.objectContaining({
          condition_code: 'sent_greater_than_or_equal_to',
          amount: '18446744073709551615',
        }),
      ]);
      const row = Array.from({ length: chain.txs.count }, (_, r) => r).find(
        (r) => chain.txs.idHex(r) === tx.tx_id,
      ) as number;
      const [wired] = deserializeTransaction(rawTxOf(chain, chain.txs, row).hex).postConditions.values;
      expect(wired && 'amount' in wired ? wired.amount : undefined).toBe(2n ** 64n - 1n);
    }
  });
});
