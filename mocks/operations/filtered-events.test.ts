import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { eventsOf } from '../world/derive/events.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);
const { chain } = app.live.queries;
/** The last anchored transaction with events of more than one type, and its sender. */
const busyRow = (() => {
  for (let tx = chain.anchoredCount - 1; tx >= 0; tx--)
    if (new Set(eventsOf(chain, tx).map((e) => e.kind)).size > 1) return tx;
  throw new Error('no transaction with events of two types');
})();
const busy = chain.txs.idHex(busyRow);
const sender = chain.principals.name(chain.txs.sender[busyRow] as number);

describe('the events of one transaction (tx/events?tx_id=…)', () => {
  it('are the transaction’s own events, the last first, with or without 0x', async () => {
    const tx = await body(`/extended/v1/tx/${busy}?event_limit=100`);
    const page = await body(`/extended/v1/tx/events?tx_id=${busy}&limit=100`);
    expect(page.events).toEqual([...tx.events].reverse());
    expect(await body(`/extended/v1/tx/events?tx_id=${busy.slice(2)}&limit=100`)).toEqual(page);
    expect([page.limit, page.offset]).toEqual([100, 0]);
  });

  it('keep the types asked for, page by limit and offset (default 20), and a pending or unknown one has none', async () => {
    const all = await body(`/extended/v1/tx/events?tx_id=${busy}&limit=100`);
    const type = all.events[0].event_type;
    const kept = await body(`/extended/v1/tx/events?tx_id=${busy}&limit=100&type=${type}`);
    expect(kept.events).toEqual(all.events.filter((e: Json) => e.event_type === type));
    const second = await body(`/extended/v1/tx/events?tx_id=${busy}&limit=1&offset=1`);
    expect(second.events).toEqual(all.events.slice(1, 2));
    expect((await body(`/extended/v1/tx/events?tx_id=${busy}`)).limit).toBe(20);
    const pending = chain.mempool.idHex(0);
    expect((await body(`/extended/v1/tx/events?tx_id=${pending}`)).events).toEqual([]);
    expect((await body(`/extended/v1/tx/events?tx_id=0x${'ab'.repeat(32)}`)).events).toEqual([]);
  });
});

async function refusal(query: string): Promise<unknown> {
  return (await body(`/extended/v1/tx/events${query}`, 400)).message;
}

describe("a principal's events (tx/events?address=…)", () => {
  it('are the events it sent or received, the latest first, each as its transaction gives it', async () => {
    const principal = sender;
    const page = await body(`/extended/v1/tx/events?address=${principal}&limit=100`);
    expect(page.events.length).toBeGreaterThan(0);
    for (const e of page.events.slice(0, 5)) {
      const tx = await body(`/extended/v1/tx/${e.tx_id}?event_limit=100`);
      expect(tx.events[e.event_index]).toEqual(e);
      const parties = e.asset ? [e.asset.sender, e.asset.recipient] : [e.stx_lock_event?.locked_address];
      if (e.event_type !== 'smart_contract_log') expect(parties).toContain(principal);
    }
    const heights = await Promise.all(
      page.events
        .slice(0, 10)
        .map(async (e: Json) => (await body(`/extended/v1/tx/${e.tx_id}`)).block_height),
    );
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
  });

  it('answers in the real service’s words when tx_id and address are both or neither given, or the address is bad', async () => {
    const principal = chain.principals.name(0);
    expect(await refusal('')).toBe("can not find 'address' or 'tx_id' in the request");
    expect(await refusal(`?tx_id=${busy}&address=${principal}`)).toBe(
      "can't handle both 'address' and 'tx_id' in the same request",
    );
    const bad = `${principal.slice(0, -1)}${principal.endsWith('A') ? 'B' : 'A'}`;
    expect(await refusal(`?address=${bad}`)).toBe(`invalid STX address "${bad}"`);
    expect((await get(`/extended/v1/tx/events?tx_id=${busy}&type=nope`)).status).toBe(400);
  });
});
