import { describe, expect, it } from 'vitest';
import type { components } from '../../spec/types.ts';
import { createMock } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import { txIdOf } from '../serialize/transaction.ts';
import type { ConfirmedTransaction, PendingTransaction } from '../serialize/types.ts';
import { Status } from '../world/tables/kinds.ts';
import { kernelReads } from '../kernel-reads.ts';
import { urlFor } from '../../spec/load.ts';
import { rowsOfEveryKind } from '../../testing/rows-of-every-kind.ts';

type Schemas = components['schemas'];

const ALL = ['function_args', 'source_code', 'post_conditions', 'result'];

const worlds: [string, () => MockKernel][] = [
  ['the default world', () => createMock({ quiet: true })],
  ['seed 42 on testnet', () => createMock({ seed: 42, network: 'testnet', blocks: 200, quiet: true })],
];

describe.each(worlds)(
  "v3's transaction and nonces say what the wallet's v1 routes say, in %s",
  (_name, build) => {
    const mock = build();
    const world = kernelReads(mock);
    const chain = mock.live.queries.chain;
    const v1 = (tx_id: string): ConfirmedTransaction | PendingTransaction =>
      world.get('get_transaction_by_id', {
        path: { tx_id },
        query: { event_limit: 20, event_offset: 0, unanchored: true },
      }) as ConfirmedTransaction;
    const v3 = (tx_id: string, include?: string[]) =>
      world.get('get_transaction', { path: { tx_id }, ...(include && { query: { include } }) });

    // What the two serializers branch on: a row's action, status, anchor and post-condition bits,
    // sponsor, microblock, block anchored or not, contract and `aux` (memo, lock period...). Three
    // reads of each of the 4,209 rows were most of this file's time.
    const txs = chain.txs;
    const kindsOf = (tx: number): string[] => [
      [
        txs.action[tx],
        txs.status[tx],
        txs.flags[tx],
        txs.sponsor.at(tx) >= 0,
        txs.micro.at(tx) >= 0,
        tx < chain.anchoredCount,
        (txs.contract[tx] as number) >= 0,
        txs.aux.at(tx),
      ].join(' '),
    ];

    it('a mined transaction of every kind (unanchored ones too), and 200 more: the same sender, fee, block, status, cost and heavy fields', () => {
      for (const tx of rowsOfEveryKind(txs.count, kindsOf, 200)) {
        const tx_id = txIdOf(chain.txs, tx);
        const old = v1(tx_id) as ConfirmedTransaction;
        const lean = v3(tx_id) as Schemas['V3Transaction'];
        const full = v3(tx_id, ALL) as Schemas['V3Transaction'];
        expect(lean.tx_id).toBe(old.tx_id);
        expect(lean.sender).toEqual({ address: old.sender_address, nonce: old.nonce });
        expect(lean.sponsor?.address).toBe(old.sponsor_address);
        expect([lean.fee_rate, lean.status, lean.type]).toEqual([old.fee_rate, old.tx_status, old.tx_type]);
        expect([lean.block.height, lean.block.hash, lean.block.tx_index]).toEqual([
          old.block_height,
          old.block_hash,
          old.tx_index,
        ]);
        expect([lean.parent_block.hash, lean.event_count, lean.vm_error]).toEqual([
          old.parent_block_hash,
          old.event_count,
          old.vm_error ?? null,
        ]);
        expect(lean.execution_cost.runtime).toBe(old.execution_cost_runtime);
        for (const heavy of ['post_conditions', 'result'] as const) expect(heavy in lean, tx_id).toBe(false);
        expect(full.post_conditions).toEqual(old.post_conditions);
        expect(full.result).toEqual({ hex: old.tx_result.hex, repr: old.tx_result.repr });
        if (old.tx_type === 'contract_call') {
          expect('function_args' in (lean.contract_call ?? {})).toBe(false);
          expect(full.contract_call?.function_args).toEqual(
            (old.contract_call.function_args ?? []).map((a) => ({ hex: a.hex, repr: a.repr })),
          );
        }
        if (old.tx_type === 'smart_contract')
          expect(full.smart_contract?.source_code).toBe(old.smart_contract.source_code);
      }
    });

    it('pending transactions answer in the mempool form; dropped ones, and as 9.0.2 those replaced by fee, are not found', () => {
      const m = chain.mempool;
      const replaced = mock.live.queries.replacedByFee();
      let pending = 0;
      for (let tx = 0; tx < m.count; tx++) {
        const tx_id = txIdOf(m, tx);
        const old = v1(tx_id) as PendingTransaction;
        const v9 = world.answer(
          urlFor('get_transaction', { path: { tx_id }, query: { include: ['post_conditions', 'result'] } }),
        );
        if (m.status[tx] !== Status.Pending || replaced.has(tx)) {
          expect([v9.status, (v9.body as { message?: string }).message]).toEqual([
            404,
            'Transaction not found',
          ]);
          continue;
        }
        pending++;
        const body = v9.body as Schemas['V3MempoolTransaction'];
        expect(body.sender).toEqual({ address: old.sender_address, nonce: old.nonce });
        expect([body.status, body.receipt_time, body.replaced_by_tx_id]).toEqual([
          'pending',
          old.receipt_time,
          null,
        ]);
        expect(body.receipt_block_height).toBe(m.height[tx]);
        expect(body.post_conditions).toEqual(old.post_conditions);
        expect('result' in body).toBe(false);
      }
      expect(pending).toBeGreaterThan(0);
    });

    it('an unknown id is not found; an id without 0x or in upper case is the same transaction', () => {
      const tx_id = txIdOf(chain.txs, chain.txs.count - 1);
      expect(
        world.answer(urlFor('get_transaction', { path: { tx_id: `0x${'ab'.repeat(32)}` } })).status,
      ).toBe(404);
      expect(v3(tx_id.slice(2).toUpperCase())).toEqual(v3(tx_id));
      expect(v3(tx_id)).toBeDefined();
    });

    it('nonces: every address has the numbers of get_account_nonces under v3 names', () => {
      for (let p = 0; p < chain.principals.count; p++) {
        const principal = chain.principals.name(p);
        if (principal.includes('.')) continue;
        const old = world.get('get_account_nonces', { path: { principal } })!;
        expect(world.get('get_principal_nonces', { path: { principal } })).toEqual({
          next_nonce: old.possible_next_nonce,
          last_confirmed_nonce: old.last_executed_tx_nonce,
          mempool: {
            last_nonce: old.last_mempool_tx_nonce,
            pending_nonces: old.detected_mempool_nonces,
            missing_nonces: old.detected_missing_nonces,
          },
        });
      }
    });
  },
);
