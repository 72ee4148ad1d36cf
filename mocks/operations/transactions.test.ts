import { hexToCV } from '@stacks/transactions';
import { c32addressDecode } from 'c32check';
import { describe, expect, it } from 'vitest';
import type {
  ClarityPair,
  ConfirmedTransaction,
  PendingTransaction,
  TxListEntry,
} from '../serialize/types.ts';
import { TX_STATUSES, TX_TYPES } from '../world/tables/kinds.ts';
import { NETWORKS } from '../world/tables/network.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { oracleFor } from '../../testing/worlds/test-oracle.ts';
import { isNodeBootDeploy } from '../../testing/worlds/boot-deploys.ts';
import { mempoolTxIds, minedTxIds, SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';
import { reprOf } from '../../spec/clarity-repr.ts';

const TX_ID = /^0x[0-9a-f]{64}$/;
const CONTRACT_NAME = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/;
const ALL = { unanchored: true };

/** Every {hex, repr} pair anywhere inside a value. */
function clarityPairs(value: unknown, out: ClarityPair[] = []): ClarityPair[] {
  if (Array.isArray(value)) value.forEach((v) => clarityPairs(v, out));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.hex === 'string' && typeof o.repr === 'string') out.push(o as unknown as ClarityPair);
    Object.values(o).forEach((v) => clarityPairs(v, out));
  }
  return out;
}

/** Every principal-looking string field (addresses and contract ids) inside a value. */
function principals(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => principals(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (
        typeof v === 'string' &&
        /(address|sender|recipient|contract_id|asset_id|asset_identifier)$/.test(key) &&
        v !== ''
      )
        out.push(v);
      else principals(v, out);
    }
  }
  return out;
}

describe.each(SEEDS)('transactions of world %i', (seed) => {
  const { mock, world, chain } = testWorld(seed);
  const oracle = oracleFor(world, chain);
  const pendingIds = mempoolTxIds(chain);
  const mempool = txDetails(world, pendingIds, ALL);

  it('covers every tx_type and tx_status', () => {
    const types = new Set(oracle.txs.map((tx) => tx.tx_type));
    expect([...types].sort()).toEqual([...TX_TYPES].sort());
    const statuses = new Set(
      [...oracle.txs, ...Object.values(mempool).map((e) => e.result as PendingTransaction)].map(
        (tx) => tx.tx_status,
      ),
    );
    // Only a world file declares a transaction skipped as problematic (fixtures/worlds/release-9.yaml).
    const generated = TX_STATUSES.filter((s) => s !== 'problematic_skipped');
    expect([...statuses].sort()).toEqual([...generated].sort());
    const catalogue = world.catalogue();
    for (const type of TX_TYPES) expect(catalogue.transactions.by_type[type].length).toBeGreaterThan(0);
    for (const status of generated)
      expect(catalogue.transactions.by_status[status].length).toBeGreaterThan(0);
    expect(catalogue.transactions.by_status.problematic_skipped).toEqual([]);
  });

  it('returns what the catalogue says for each listed type and status', () => {
    const catalogue = world.catalogue();
    for (const type of TX_TYPES) {
      const found = txDetails(world, catalogue.transactions.by_type[type], ALL);
      for (const e of Object.values(found)) expect(e.found && e.result.tx_type === type).toBe(true);
    }
    for (const status of TX_STATUSES) {
      const found = txDetails(world, catalogue.transactions.by_status[status], ALL);
      for (const e of Object.values(found)) expect(e.found && e.result.tx_status === status).toBe(true);
    }
  });

  it('covers every event kind', () => {
    const kinds = new Set<string>();
    for (const tx of oracle.txs) {
      for (const e of tx.events)
        kinds.add('asset' in e ? `${e.event_type}:${e.asset.asset_event_type}` : e.event_type);
    }
    expect([...kinds].sort()).toEqual(
      [
        'smart_contract_log',
        'stx_lock',
        ...['stx_asset', 'fungible_token_asset', 'non_fungible_token_asset'].flatMap((t) =>
          ['transfer', 'mint', 'burn'].map((k) => `${t}:${k}`),
        ),
      ].sort(),
    );
  });

  it('answers unknown ids with found: false and collapses duplicates', () => {
    const known = oracle.txs[5]!.tx_id;
    const unknown = `0x${'ab'.repeat(32)}`;
    const result = txDetails(world, [known, unknown, known], ALL);
    expect(Object.keys(result)).toEqual([known, unknown]);
    expect(result[unknown]).toEqual({ found: false, result: { tx_id: unknown } });
  });

  it('pages events while event_count stays the full count', () => {
    const busy = oracle.txs.find((tx) => tx.event_count > 5)!;
    const page = txDetails(world, [busy.tx_id], { unanchored: false, events: { limit: 3, offset: 2 } })[
      busy.tx_id
    ]!;
    const tx = page.result as ConfirmedTransaction;
    expect(tx.event_count).toBe(busy.event_count);
    expect(tx.events).toEqual(busy.events.slice(2, 5));
    expect(tx.events.map((e) => e.event_index)).toEqual([2, 3, 4]);
    for (const t of oracle.txs) expect(t.events.map((e) => e.event_index)).toEqual(t.events.map((_, i) => i));
  });

  it('shows unanchored microblock transactions only when asked', () => {
    const unanchored = oracle.txs.filter((tx) => tx.is_unanchored);
    expect(unanchored.length).toBeGreaterThan(0);
    const ids = unanchored.map((tx) => tx.tx_id);
    const hidden = txDetails(world, ids, { ...ALL, unanchored: false });
    for (const id of ids) expect(hidden[id]!.found).toBe(false);
    for (const tx of unanchored) {
      expect(tx.block_hash).toBe('0x');
      expect(tx.block_height).toBe(mock.live.queries.options.blocks + 1);
      expect(tx.microblock_hash).toMatch(TX_ID);
      expect(tx.burn_block_time).toBe(-1);
      expect(tx.burn_block_time_iso).toBe('');
      expect(tx.parent_block_hash).toBe(world.get('get_block', { path: { height_or_hash: 'latest' } })!.hash);
    }
    const anchoredMicro = oracle.txs.filter((tx) => !tx.is_unanchored && tx.microblock_hash !== '0x');
    expect(anchoredMicro.length).toBeGreaterThan(0);
    for (const tx of anchoredMicro) {
      expect(tx.microblock_hash).toMatch(TX_ID);
      expect(tx.microblock_sequence).toBeLessThan(2147483647);
      expect(['off_chain_only', 'any']).toContain(tx.anchor_mode);
    }
    for (const tx of oracle.txs.filter((t) => t.microblock_hash === '0x'))
      expect(tx.microblock_sequence).toBe(2147483647);
  });

  it('shows mempool transactions (pending and dropped) in the pending form', () => {
    const statuses = new Set<string>();
    for (const entry of Object.values(mempool)) {
      expect(entry.found).toBe(true);
      const tx = entry.result as PendingTransaction;
      statuses.add(tx.tx_status);
      expect(tx).not.toHaveProperty('block_height');
      expect(tx).not.toHaveProperty('events');
      expect(tx.receipt_time_iso).toBe(new Date(tx.receipt_time * 1000).toISOString());
      expect(['token_transfer', 'smart_contract', 'contract_call', 'poison_microblock']).toContain(
        tx.tx_type,
      );
    }
    expect([...statuses].sort()).toEqual(
      TX_STATUSES.filter((s) => s === 'pending' || s.startsWith('dropped')).sort(),
    );
  });

  it('marks sponsorship consistently', () => {
    const all = [...oracle.txs, ...Object.values(mempool).map((e) => e.result as PendingTransaction)];
    expect(all.some((tx) => tx.sponsored)).toBe(true);
    for (const tx of all) {
      expect('sponsor_address' in tx).toBe(tx.sponsored);
      expect('sponsor_nonce' in tx).toBe(tx.sponsored);
      if (tx.sponsored) expect(tx.sponsor_address).not.toBe(tx.sender_address);
    }
  });

  it('keeps aborted transactions without events, with their result and error', () => {
    for (const tx of oracle.txs) {
      if (tx.tx_status === 'success') {
        expect(tx.vm_error).toBeNull();
        expect(tx.tx_result.repr.startsWith('(ok')).toBe(true);
      } else {
        expect(tx.event_count).toBe(0);
        expect(tx.tx_type).toBe('contract_call');
        if (tx.tx_status === 'abort_by_response') expect(tx.tx_result.repr).toMatch(/^\(err u\d+\)$/);
        else expect(tx.vm_error).toMatch(/^Post-condition check failure/);
      }
    }
  });

  it('numbers each sender\u2019s nonces in chain order', () => {
    const next = new Map<string, number>();
    for (const tx of oracle.txs) {
      // The node signs each of its boot deployments with nonce 0; the world's own two are numbered.
      if (isNodeBootDeploy(tx)) {
        expect(tx.nonce).toBe(0);
        continue;
      }
      expect(tx.nonce).toBe(next.get(tx.sender_address) ?? 0);
      next.set(tx.sender_address, tx.nonce + 1);
      if (tx.sponsored) {
        expect(tx.sponsor_nonce).toBe(next.get(tx.sponsor_address!) ?? 0);
        next.set(tx.sponsor_address!, tx.sponsor_nonce! + 1);
      }
    }
  });

  it('encodes every Clarity value so that hex decodes to repr', () => {
    const pairs = clarityPairs([...oracle.txs, ...Object.values(mempool)]);
    expect(pairs.length).toBeGreaterThan(1000);
    for (const { hex, repr } of pairs) {
      expect(hex).toMatch(/^0x([0-9a-f]{2})+$/);
      expect(reprOf(hexToCV(hex))).toBe(repr);
    }
  });

  it('uses valid principals of its network, and well-formed ids', () => {
    const versions = [NETWORKS.mainnet.singleSigVersion, NETWORKS.mainnet.multiSigVersion];
    const all = [...oracle.txs, ...Object.values(mempool).map((e) => e.result)];
    for (const p of new Set(principals(all))) {
      const [address, contract] = p.split('::')[0]!.split('.');
      expect(versions).toContain(c32addressDecode(address!)[0]);
      if (contract !== undefined) expect(contract).toMatch(CONTRACT_NAME);
    }
    for (const tx of all) expect(tx.tx_id).toMatch(TX_ID);
    expect(new Set(all.map((tx) => tx.tx_id)).size).toBe(all.length);
  });

  it('writes ISO times that agree with the unix times', () => {
    for (const tx of oracle.txs) {
      expect(tx.block_time_iso).toBe(new Date(tx.block_time * 1000).toISOString());
      // The real service says 0 and "" when the parent burn block is the chain's first.
      expect(tx.parent_burn_block_time_iso).toBe(
        tx.block_height === 1 ? '' : new Date(tx.parent_burn_block_time * 1000).toISOString(),
      );
      expect(tx.parent_burn_block_time === 0).toBe(tx.block_height === 1);
    }
    expect(oracle.txs.some((tx) => tx.block_height === 1)).toBe(true);
    for (const tx of oracle.txs) {
      if (!tx.is_unanchored)
        expect(tx.burn_block_time_iso).toBe(new Date(tx.burn_block_time * 1000).toISOString());
      expect(tx.parent_burn_block_time).toBeLessThanOrEqual(tx.block_time);
    }
  });

  it('gives a token transfer one STX transfer event of its amount, memo of 34 bytes', () => {
    for (const tx of oracle.txs) {
      if (tx.tx_type !== 'token_transfer' || tx.tx_status !== 'success') continue;
      expect(tx.token_transfer.memo).toMatch(/^0x[0-9a-f]{68}$/);
      const [event] = tx.events;
      expect(tx.events).toHaveLength(1);
      expect(event).toMatchObject({
        event_type: 'stx_asset',
        asset: {
          asset_event_type: 'transfer',
          sender: tx.sender_address,
          recipient: tx.token_transfer.recipient_address,
          amount: tx.token_transfer.amount,
        },
      });
    }
  });

  it('records stacking with a lock event and a pox-4 contract call', () => {
    const stacks = oracle.txs.filter((tx) => tx.events.some((e) => e.event_type === 'stx_lock'));
    expect(stacks.length).toBeGreaterThan(0);
    for (const tx of stacks) {
      expect(tx.tx_type === 'contract_call' && tx.contract_call.contract_id.endsWith('.pox-4')).toBe(true);
      const lock = tx.events.find((e) => e.event_type === 'stx_lock')!;
      if (lock.event_type !== 'stx_lock' || tx.tx_type !== 'contract_call') continue;
      expect(lock.stx_lock_event.locked_address).toBe(tx.sender_address);
      expect(lock.stx_lock_event.locked_amount).toBe(tx.contract_call.function_args![0]!.repr.slice(1));
      expect(lock.stx_lock_event.unlock_height).toBeGreaterThan(tx.burn_block_height);
    }
  });
});

describe('a testnet world', () => {
  const { world } = testWorld(7, 'testnet');
  it('uses testnet address versions (ST / SN)', () => {
    const catalogue = world.catalogue();
    for (const address of [
      catalogue.addresses.busiest,
      catalogue.addresses.miner,
      catalogue.addresses.unknown,
    ]) {
      expect([NETWORKS.testnet.singleSigVersion, NETWORKS.testnet.multiSigVersion]).toContain(
        c32addressDecode(address)[0],
      );
      expect(address).toMatch(/^S[TN]/);
    }
    const entry: TxListEntry | undefined = Object.values(
      txDetails(world, catalogue.transactions.by_type.contract_call, ALL),
    )[0];
    expect(entry?.found && entry.result.sender_address).toMatch(/^S[TN]/);
  });
});

describe('mined transaction ids', () => {
  it('are all found by id', () => {
    const { world, chain } = testWorld(1);
    const ids = minedTxIds(chain);
    const details = txDetails(world, ids, ALL);
    expect(Object.values(details).every((e) => e.found)).toBe(true);
  });
});
