// Field names and order of every API shape, as the real service sends them.
import { describe, expect, it } from 'vitest';
import type { ConfirmedTransaction, PendingTransaction } from './types.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { oracleFor } from '../../testing/worlds/test-oracle.ts';
import { mempoolTxIds, testWorld } from '../../testing/worlds/test-worlds.ts';

const COMMON = [
  'tx_id',
  'nonce',
  'fee_rate',
  'sender_address',
  'sponsored',
  'post_condition_mode',
  'post_conditions',
  'anchor_mode',
];
const SPONSORED = [
  'tx_id',
  'nonce',
  'fee_rate',
  'sender_address',
  'sponsored',
  'sponsor_address',
  'sponsor_nonce',
  'post_condition_mode',
  'post_conditions',
  'anchor_mode',
];
const CONFIRMED = [
  'block_hash',
  'block_height',
  'block_time',
  'block_time_iso',
  'burn_block_time',
  'burn_block_height',
  'burn_block_time_iso',
  'parent_burn_block_time',
  'parent_burn_block_time_iso',
  'canonical',
  'tx_index',
  'tx_status',
  'tx_result',
  'event_count',
  'parent_block_hash',
  'is_unanchored',
  'microblock_hash',
  'microblock_sequence',
  'microblock_canonical',
  'execution_cost_read_count',
  'execution_cost_read_length',
  'execution_cost_runtime',
  'execution_cost_write_count',
  'execution_cost_write_length',
  'vm_error',
  'events',
];
const PAYLOAD_KEY = {
  token_transfer: 'token_transfer',
  smart_contract: 'smart_contract',
  contract_call: 'contract_call',
  poison_microblock: 'poison_microblock',
  coinbase: 'coinbase_payload',
  tenure_change: 'tenure_change_payload',
} as const;
const PAYLOAD_FIELDS = {
  token_transfer: ['recipient_address', 'amount', 'memo'],
  smart_contract: ['clarity_version', 'contract_id', 'source_code'],
  contract_call: ['contract_id', 'function_name', 'function_signature', 'function_args'],
  poison_microblock: ['microblock_header_1', 'microblock_header_2'],
  coinbase: ['data', 'alt_recipient', 'vrf_proof'],
  tenure_change: [
    'tenure_consensus_hash',
    'prev_tenure_consensus_hash',
    'burn_view_consensus_hash',
    'previous_tenure_end',
    'previous_tenure_blocks',
    'cause',
    'pubkey_hash',
  ],
} as const;

describe('API shapes', () => {
  const { mock, world, chain } = testWorld(2);
  const oracle = oracleFor(world, chain);
  const catalogue = world.catalogue();

  it('block', () => {
    expect(Object.keys(world.get('get_block', { path: { height_or_hash: 'latest' } })!)).toEqual([
      'canonical',
      'height',
      'hash',
      'block_time',
      'block_time_iso',
      'tenure_height',
      'index_block_hash',
      'parent_block_hash',
      'parent_index_block_hash',
      'burn_block_time',
      'burn_block_time_iso',
      'burn_block_hash',
      'burn_block_height',
      'miner_txid',
      'tx_count',
      'execution_cost_read_count',
      'execution_cost_read_length',
      'execution_cost_runtime',
      'execution_cost_write_count',
      'execution_cost_write_length',
    ]);
  });

  it('confirmed transaction: common fields, confirmed fields, then exactly one type-specific object', () => {
    for (const tx of oracle.txs) {
      const head = tx.sponsored ? SPONSORED : COMMON;
      expect(Object.keys(tx)).toEqual([...head, ...CONFIRMED, 'tx_type', PAYLOAD_KEY[tx.tx_type]]);
      const payload = (tx as unknown as Record<string, object>)[PAYLOAD_KEY[tx.tx_type]]!;
      // A Stacks 2.x coinbase has no vrf_proof key at all, as the real service shows it.
      const fields: readonly string[] = PAYLOAD_FIELDS[tx.tx_type];
      const preNakamotoCoinbase =
        tx.tx_type === 'coinbase' && tx.block_height < mock.live.queries.options.nakamotoHeight;
      expect(Object.keys(payload)).toEqual(
        preNakamotoCoinbase ? fields.filter((f) => f !== 'vrf_proof') : fields,
      );
    }
  });

  it.each([
    ['9.0.2', ['replaced_by_tx_id']],
    ['8.11.6', []],
  ])('pending transaction, as %s', (version, replaced) => {
    const pending = Object.values(
      txDetails(testWorld(2, 'mainnet', undefined, version).world, mempoolTxIds(chain), {
        unanchored: false,
        events: { limit: 20, offset: 0 },
      }),
    );
    for (const entry of pending) {
      const tx = entry.result as PendingTransaction;
      const head = tx.sponsored ? SPONSORED : COMMON;
      expect(Object.keys(tx)).toEqual([
        ...head,
        'tx_status',
        ...replaced,
        'receipt_time',
        'receipt_time_iso',
        'tx_type',
        PAYLOAD_KEY[tx.tx_type],
      ]);
    }
  });

  it('type-specific objects hold realistic values', () => {
    for (const tx of oracle.txs) {
      switch (tx.tx_type) {
        case 'coinbase':
          expect(tx.coinbase_payload.data).toMatch(/^0x[0-9a-f]{64}$/);
          expect(tx.coinbase_payload.alt_recipient).toBeNull();
          if (tx.block_height < mock.live.queries.options.nakamotoHeight)
            expect('vrf_proof' in tx.coinbase_payload).toBe(false);
          else expect(tx.coinbase_payload.vrf_proof).toMatch(/^0x[0-9a-f]{160}$/);
          break;
        case 'tenure_change': {
          const p = tx.tenure_change_payload;
          for (const h of [
            p.tenure_consensus_hash,
            p.prev_tenure_consensus_hash,
            p.burn_view_consensus_hash,
            p.pubkey_hash,
          ])
            expect(h).toMatch(/^0x[0-9a-f]{40}$/);
          expect(p.previous_tenure_end).toBe(
            world.get('get_block', { path: { height_or_hash: tx.block_height - 1 } })!.index_block_hash,
          );
          expect(['block_found', 'extended']).toContain(p.cause);
          expect(Number.isInteger(p.previous_tenure_blocks)).toBe(true);
          if (p.cause === 'block_found')
            expect(p.prev_tenure_consensus_hash).not.toBe(p.tenure_consensus_hash);
          break;
        }
        case 'poison_microblock':
          expect(tx.poison_microblock.microblock_header_1).toMatch(/^0x([0-9a-f]{2})+$/);
          expect(tx.poison_microblock.microblock_header_2).not.toBe(tx.poison_microblock.microblock_header_1);
          break;
        case 'smart_contract':
          expect(tx.smart_contract.contract_id.startsWith(`${tx.sender_address}.`)).toBe(true);
          expect(tx.smart_contract.source_code.length).toBeGreaterThan(40);
          expect(
            tx.smart_contract.clarity_version === null ||
              [2, 3].includes(tx.smart_contract.clarity_version ?? -1),
          ).toBe(true);
          break;
        case 'contract_call': {
          const c = tx.contract_call;
          const params = (c.function_args ?? []).map((a) => `(${a.name} ${a.type})`).join(' ');
          expect(c.function_signature).toBe(`(define-public (${c.function_name} ${params}))`);
          break;
        }
        case 'token_transfer':
          expect(BigInt(tx.token_transfer.amount)).toBeGreaterThan(0n);
      }
    }
  });

  it('transaction events, by event type', () => {
    const seen = new Set<string>();
    for (const tx of oracle.txs) {
      for (const e of tx.events) {
        seen.add(e.event_type);
        expect(e.tx_id).toBe(tx.tx_id);
        const keys = Object.keys(e);
        expect(keys.slice(0, 2)).toEqual(['event_index', 'tx_id']);
        switch (e.event_type) {
          case 'smart_contract_log':
            expect(Object.keys(e.contract_log)).toEqual(['contract_id', 'topic', 'value']);
            expect(e.contract_log.topic).toBe('print');
            break;
          case 'stx_lock':
            expect(Object.keys(e.stx_lock_event)).toEqual([
              'locked_amount',
              'unlock_height',
              'locked_address',
            ]);
            break;
          case 'stx_asset':
            expect(Object.keys(e.asset)).toEqual(['asset_event_type', 'sender', 'recipient', 'amount']);
            expect(e.asset.sender === '').toBe(e.asset.asset_event_type === 'mint');
            expect(e.asset.recipient === '').toBe(e.asset.asset_event_type === 'burn');
            break;
          case 'fungible_token_asset':
            expect(Object.keys(e.asset)).toEqual([
              'asset_event_type',
              'asset_id',
              'sender',
              'recipient',
              'amount',
            ]);
            break;
          case 'non_fungible_token_asset':
            expect(Object.keys(e.asset)).toEqual([
              'asset_event_type',
              'asset_id',
              'sender',
              'recipient',
              'value',
            ]);
            expect(e.asset.asset_id).toMatch(
              /^S[PM][0-9A-Z]+\.[a-zA-Z][a-zA-Z0-9_-]*::[a-zA-Z][a-zA-Z0-9_-]*$/,
            );
        }
      }
    }
    expect(seen.size).toBe(5);
  });

  it('address transaction events: sender absent on mint, recipient absent on burn, no amount on NFTs; "" in the transfer arrays', () => {
    const kinds = new Set<string>();
    let emptyParties = 0;
    for (const principal of [
      catalogue.addresses.ft_activity,
      catalogue.addresses.nft_activity,
      catalogue.addresses.stx_activity,
      catalogue.addresses.contract_principal,
    ]) {
      const list = world.get('get_account_transactions_with_transfers', {
        path: { principal },
        query: { limit: 50, offset: 0, unanchored: false },
      });
      if (!list) throw new Error('unexpected');
      for (const item of list.results) {
        const events = world.get('get_address_transaction_events', {
          path: { address: principal, tx_id: item.tx.tx_id },
          query: { limit: 50, offset: 0 },
        })!;
        expect(Object.keys(events)).toEqual(['limit', 'offset', 'total', 'results']);
        for (const e of events.results) {
          kinds.add(`${e.type}:${e.data.type}`);
          expect(Object.keys(e)).toEqual(['type', 'event_index', 'data']);
          expect('sender' in e.data).toBe(e.data.type !== 'mint');
          expect('recipient' in e.data).toBe(e.data.type !== 'burn');
          expect('amount' in e.data).toBe(e.type !== 'nft');
          expect('asset_identifier' in e.data).toBe(e.type !== 'stx');
          expect('value' in e.data).toBe(e.type === 'nft');
        }
        // The same mints and burns in the transfer arrays: the missing party is "" there.
        const transfers = [
          ...item.stx_transfers,
          ...(item.ft_transfers ?? []),
          ...(item.nft_transfers ?? []),
        ];
        for (const t of transfers)
          expect([typeof t.sender, typeof t.recipient]).toEqual(['string', 'string']);
        if (events.total <= events.results.length) {
          const count = (type: string) => events.results.filter((e) => e.data.type === type).length;
          expect(transfers.filter((t) => t.sender === '').length).toBe(count('mint'));
          expect(transfers.filter((t) => t.recipient === '').length).toBe(count('burn'));
          emptyParties += count('mint') + count('burn');
        }
      }
    }
    expect(kinds.size).toBeGreaterThanOrEqual(4);
    expect(emptyParties, 'mints or burns seen in the transfer arrays').toBeGreaterThan(0);
  });

  it('transaction with transfers, and the balances', () => {
    const list = world.get('get_account_transactions_with_transfers', {
      path: { principal: catalogue.addresses.busiest },
      query: {
        limit: 5,
        offset: 0,
        unanchored: false,
      },
    });
    if (!list) throw new Error('unexpected');
    for (const item of list.results) {
      expect(Object.keys(item)).toEqual([
        'tx',
        'stx_sent',
        'stx_received',
        'stx_transfers',
        'ft_transfers',
        'nft_transfers',
      ]);
    }
    const b = world.get('get_account_balance', {
      path: { principal: catalogue.addresses.vesting },
      query: { unanchored: false },
    });
    if (!b) throw new Error('unexpected');
    expect(Object.keys(b)).toEqual([
      'stx',
      'fungible_tokens',
      'non_fungible_tokens',
      'token_offering_locked',
    ]);
    expect(Object.keys(b.stx)).toEqual([
      'balance',
      'estimated_balance',
      'pending_balance_inbound',
      'pending_balance_outbound',
      'total_sent',
      'total_received',
      'total_fees_sent',
      'total_miner_rewards_received',
      'lock_tx_id',
      'locked',
      'lock_height',
      'burnchain_lock_height',
      'burnchain_unlock_height',
    ]);
    expect(Object.keys(b.token_offering_locked!)).toEqual([
      'total_locked',
      'total_unlocked',
      'unlock_schedule',
    ]);
  });

  it('lists fungible and non-fungible balances in case-insensitive asset order', () => {
    for (const p of [
      catalogue.addresses.ft_activity,
      catalogue.addresses.nft_activity,
      catalogue.addresses.contract_principal,
    ]) {
      const b = world.get('get_account_balance', { path: { principal: p }, query: { unanchored: false } });
      if (!b) throw new Error('unexpected');
      for (const keys of [Object.keys(b.fungible_tokens), Object.keys(b.non_fungible_tokens)]) {
        expect(keys).toEqual([...keys].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1)));
      }
    }
  });

  it('status and multiple-transaction entries', () => {
    const status = world.get('get_status')!;
    expect(Object.keys(status)).toEqual(['server_version', 'status', 'chain_tip']);
    expect(Object.keys(testWorld(2, 'mainnet', undefined, '8.11.6').world.get('get_status')!)).toEqual([
      'server_version',
      'status',
      'pox_v1_unlock_height',
      'pox_v2_unlock_height',
      'pox_v3_unlock_height',
      'chain_tip',
    ]);
    expect(Object.keys(status.chain_tip)).toEqual([
      'block_height',
      'block_hash',
      'index_block_hash',
      'microblock_hash',
      'microblock_sequence',
      'burn_block_height',
    ]);
    const mined = (oracle.txs[3] as ConfirmedTransaction).tx_id;
    expect(
      Object.keys(txDetails(world, [mined], { unanchored: false, events: { limit: 20, offset: 0 } })[mined]!),
    ).toEqual(['found', 'result']);
  });
});
