import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../spec/http/response.ts';
import { createMock } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import { loadLiveSchemas } from '../../spec/asyncapi.ts';
import type { Announcement, LiveChannel, Topic } from './announcement.ts';
import { releaseProfile } from '../../spec/releases/releases.ts';
import { rpcNotification } from './json-rpc.ts';
import { Payloads } from './payloads.ts';

// The announcements as a channel subscribed to everything gets them, each checked against the
// REST answer for the same object at the moment it is sent (the send is synchronous with the change).
let mock: MockKernel;
const schemas = loadLiveSchemas();
const malformed: string[] = [];
const sent: { a: Announcement; topic: Topic; rest: unknown }[] = [];

function rest(url: string): unknown {
  return (mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined }) as HttpResponse).body;
}

function restOf(a: Announcement): unknown {
  switch (a.kind) {
    case 'block':
      return rest(`/extended/v2/blocks/${a.block.height}`);
    case 'mempool':
    case 'transaction':
      return rest(`/extended/v1/tx/${a.tx.tx_id}?event_limit=0&unanchored=true`);
    case 'address-transaction':
      return rest(
        `/extended/v1/address/${a.principal}/transactions_with_transfers?height=${a.tx.tx.block_height}`,
      );
    case 'address-stx-balance':
      return rest(`/extended/v1/address/${a.principal}/balances`);
    case 'nft-event':
      return rest(`/extended/v1/tx/${a.event.tx_id}?event_limit=100`);
  }
}

const everything: LiveChannel = {
  wants: () => true,
  wantsPrefix: () => true,
  send: (a, topic) => {
    const { method, params } = JSON.parse(rpcNotification(a, topic)) as { method: string; params: unknown };
    malformed.push(...schemas.jsonRpc(method, params));
    sent.push({ a, topic, rest: restOf(a) });
  },
};

beforeAll(() => {
  mock = createMock({ network: 'testnet', blocks: 60, quiet: true });
  mock.updates.attach(everything);
});

/** What was sent since the last call, every message of it valid by spec/asyncapi.yaml. */
function take(): { a: Announcement; topic: Topic; rest: unknown }[] {
  expect(malformed.splice(0)).toEqual([]);
  return sent.splice(0);
}

describe('the living chain’s announcements', () => {
  it('a mined block: the block, its transactions, the addresses they touched, then the mempool’s arrivals', () => {
    take();
    const { height } = mock.live.mine();
    const got = take();
    const kinds = got.map((s) => s.a.kind);
    expect(kinds[0]).toBe('block');
    const block = got[0]?.a.kind === 'block' ? got[0].a.block : undefined;
    const { tx_count, parent_index_block_hash: _, ...shared } = got[0]?.rest as Record<string, unknown>;
    expect(block).toMatchObject({ ...shared, height });
    expect(block?.txs).toHaveLength(tx_count as number);
    const mined = (s: (typeof got)[number]): boolean =>
      s.a.kind === 'transaction' && (block?.txs ?? []).includes(s.a.tx.tx_id);
    const transactions = got.filter(mined);
    // Announced in block order; the block lists them last first.
    expect(transactions.map((s) => (s.a.kind === 'transaction' ? s.a.tx.tx_id : ''))).toEqual(
      [...(block?.txs ?? [])].reverse(),
    );
    for (const s of transactions) expect(s.a.kind === 'transaction' && s.a.tx).toEqual(s.rest);
    for (const s of got.filter((x) => x.a.kind === 'address-transaction')) {
      const rows = (s.rest as { results: { tx: unknown }[] }).results;
      expect(rows.map((r) => r.tx)).toContainEqual(s.a.kind === 'address-transaction' && s.a.tx.tx);
    }
    for (const s of got.filter((x) => x.a.kind === 'address-stx-balance')) {
      const { stx } = s.rest as { stx: Record<string, unknown> };
      expect(stx).toMatchObject(s.a.kind === 'address-stx-balance' ? s.a.balance : {});
    }
    // The order the real transmitter keeps: the block's own messages, then what arrived after.
    const lastOfBlock = Math.max(kinds.lastIndexOf('address-stx-balance'), got.findLastIndex(mined));
    const arrivals = got.slice(lastOfBlock + 1).filter((s) => s.a.kind === 'mempool');
    expect(arrivals.length).toBeGreaterThan(0);
    for (const s of arrivals) expect(s.a.kind === 'mempool' && s.a.tx).toEqual(s.rest);
    // A mined transaction that was pending is sent on the mempool topic again, as it was: the real service's quirk.
    for (const s of got.slice(0, lastOfBlock).filter((x) => x.a.kind === 'mempool'))
      expect(s.a.kind === 'mempool' && [block?.txs.includes(s.a.tx.tx_id), s.a.tx.tx_status]).toEqual([
        true,
        'pending',
      ]);
  });

  it('a submitted transfer: pending on the mempool and its transaction topic, once each', () => {
    take();
    const { busiest: sender, unknown: recipient } = mock.live.queries.catalogue().addresses;
    const { tx_id } = mock.live.submit({ type: 'token_transfer', sender, recipient, amount: 1, fee: 200 });
    const got = take();
    expect(got.map((s) => s.topic)).toEqual(['mempool', `transaction:${tx_id}`]);
    for (const s of got) expect(s.a.kind !== 'block' && 'tx' in s.a && s.a.tx).toEqual(s.rest);
  });

  it('an address’s transfer without a sender (a genesis mint) says null, where its REST row says ""', () => {
    const address = mock.live.queries.catalogue().addresses.stx_activity;
    const rows = new Payloads(mock.live.queries, releaseProfile(mock.options.apiVersion), mock.live)
      .addressTransactions(address, 1)
      .flatMap((r) => r.stx_transfers);
    const restRows = (
      rest(`/extended/v1/address/${address}/transactions_with_transfers?height=1`) as {
        results: { stx_transfers: { sender: string }[] }[];
      }
    ).results.flatMap((r) => r.stx_transfers);
    expect(restRows.map((t) => t.sender)).toContain('');
    expect(rows.map((t) => t.sender)).toEqual(restRows.map((t) => t.sender || null));
    expect(rows.map((t) => t.sender)).toContain(null);
  });

  it('a reorg announces the new branch’s blocks in order; a reset announces nothing', () => {
    const tip = mock.live.mine().height;
    take();
    mock.live.reorg(2);
    const blocks = take().flatMap((s) => (s.a.kind === 'block' ? [s.a.block.height] : []));
    expect(blocks).toEqual([tip - 1, tip, tip + 1]);
    mock.live.reset();
    expect(take()).toEqual([]);
  });
});
