import { fileURLToPath } from 'node:url';
import {
  deserializeTransaction,
  NonFungibleConditionCode,
  PostConditionMode,
  PostConditionType,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { createMock } from '../create-mock.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';
import type { ConfirmedTransaction, PendingTransaction } from '../serialize/types.ts';
import { declaresConditions, nftConditionMaybeSent, postConditionModeOf } from '../world/tables/tx-flags.ts';

const WORLD = fileURLToPath(new URL('../../fixtures/worlds/release-9.yaml', import.meta.url));

type Tx = ConfirmedTransaction | PendingTransaction;

/** Every transaction of the world, mined and pending, as `tx/multiple` answers it. */
async function everyTx(apiVersion: string): Promise<{ txs: Tx[]; mock: ReturnType<typeof createMock> }> {
  const mock = createMock({ quiet: true, rateLimit: 0, world: WORLD, apiVersion });
  const t = mock.live.queries.chain.txs;
  const m = mock.live.queries.chain.mempool;
  const ids = [
    ...Array.from({ length: t.count }, (_, i) => t.idHex(i)),
    ...Array.from({ length: m.count }, (_, i) => m.idHex(i)),
  ];
  const txs: Tx[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const url = `/extended/v1/tx/multiple?unanchored=true&tx_id=${ids.slice(i, i + 100).join(',')}`;
    const res = await mock.handle({ method: 'GET', url, headers: {}, ip: undefined });
    expect(res.status, url.slice(0, 80)).toBe(200);
    const body = JSON.parse(new TextDecoder().decode(res.body)) as Record<
      string,
      { found: boolean; result: Tx }
    >;
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
    // As 8.11.6 nothing is replaced, and no result says what replaced it.
    const old = (await everyTx('8.11.6')).txs.filter((tx) => 'receipt_time' in tx);
    expect(old.filter((tx) => tx.tx_status === 'dropped_replace_by_fee').length).toBeLessThan(
      pending.filter((tx) => tx.tx_status === 'dropped_replace_by_fee').length,
    );
    expect(old.some((tx) => 'replaced_by_tx_id' in tx)).toBe(false);
  });

  it("a replaced transaction leaves its payer's pending balance, as v9 prunes it", async () => {
    const outbound = async (apiVersion: string): Promise<bigint> => {
      const { mock } = await everyTx(apiVersion);
      const taker = mock.live.queries.catalogue().declared.accounts.find((a) => a.name === 'taker');
      const url = `/extended/v1/address/${taker!.address}/balances`;
      const res = await mock.handle({ method: 'GET', url, headers: {}, ip: undefined });
      const body = JSON.parse(new TextDecoder().decode(res.body)) as {
        stx: { pending_balance_outbound?: string };
      };
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
    expect(maybeSent).toBe(1);
    expect([...wire]).toEqual(expect.arrayContaining([PostConditionType.Staking, PostConditionType.PoX]));
  });
});
