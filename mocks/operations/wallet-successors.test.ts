import { atOnce } from './types.ts';
import { describe, expect, it } from 'vitest';
import { releaseProfile } from '../../spec/releases/releases.ts';
import type { components } from '../../spec/types.ts';
import { createAnswers, READS_ONLY, type Answers } from '../answers.ts';
import { txIdOf } from '../serialize/transaction.ts';
import type { ConfirmedTransaction, PendingTransaction } from '../serialize/types.ts';
import { Status } from '../world/tables/kinds.ts';
import { handlers } from './handlers.ts';

type Schemas = components['schemas'];
type Result = { status: number; body?: unknown; message?: string };

const ALL = ['function_args', 'source_code', 'post_conditions', 'result'];

function call(world: Answers, id: string, path: object, query: object = {}, version = '9.0.2'): Result {
  return atOnce(
    handlers[id]!.answer({
      queries: world.queries,
      release: releaseProfile(version),
      path: path as Record<string, unknown>,
      query: query as Record<string, unknown>,
      door: READS_ONLY,
    }),
  ) as Result;
}

const worlds: [string, () => Answers][] = [
  ['the default world', () => createAnswers()],
  ['seed 42 on testnet', () => createAnswers({ seed: 42, network: 'testnet', blocks: 200 })],
];

describe.each(worlds)(
  "v3's transaction and nonces say what the wallet's v1 routes say, in %s",
  (_name, build) => {
    const world = build();
    const chain = world.queries.chain;
    const v1 = (tx_id: string): ConfirmedTransaction | PendingTransaction =>
      call(world, 'get_transaction_by_id', { tx_id }, { event_limit: 20, event_offset: 0, unanchored: true })
        .body as ConfirmedTransaction;

    it('every mined transaction (unanchored ones too): the same sender, fee, block, status, cost and heavy fields', () => {
      for (let tx = 0; tx < chain.txs.count; tx++) {
        const tx_id = txIdOf(chain.txs, tx);
        const old = v1(tx_id) as ConfirmedTransaction;
        const lean = call(world, 'get_transaction', { tx_id }).body as Schemas['V3Transaction'];
        const full = call(world, 'get_transaction', { tx_id }, { include: ALL })
          .body as Schemas['V3Transaction'];
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
      const replaced = world.queries.replacedByFee();
      let pending = 0;
      for (let tx = 0; tx < m.count; tx++) {
        const tx_id = txIdOf(m, tx);
        const old = v1(tx_id) as PendingTransaction;
        const v9 = call(world, 'get_transaction', { tx_id }, { include: ['post_conditions', 'result'] });
        if (m.status[tx] !== Status.Pending || replaced.has(tx)) {
          expect([v9.status, v9.message]).toEqual([404, 'Transaction not found']);
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
      expect(call(world, 'get_transaction', { tx_id: `0x${'ab'.repeat(32)}` }).status).toBe(404);
      expect(call(world, 'get_transaction', { tx_id: tx_id.slice(2).toUpperCase() }).body).toEqual(
        call(world, 'get_transaction', { tx_id }).body,
      );
    });

    it('nonces: every address has the numbers of get_account_nonces under v3 names', () => {
      for (let p = 0; p < chain.principals.count; p++) {
        const principal = chain.principals.name(p);
        if (principal.includes('.')) continue;
        const old = call(world, 'get_account_nonces', { principal }).body as Schemas['AddressNonces'];
        expect(call(world, 'get_principal_nonces', { principal }).body).toEqual({
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
