import { c32ToB58 } from 'c32check';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { burnBlockMessage } from '../event-stream/messages.ts';
import { burnchainPayouts } from '../world/derive/burnchain-payouts.ts';
import { poxBitcoinAddress } from '../world/derive/pox-address.ts';
import { cycleOf } from '../world/derive/pox.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, long enough to reach a cycle with stackers (cycle 393 starts at burn
// height 825300; the default 600 blocks end in cycle 392, whose reward set is empty).
const app = createMockApp({ blocks: 2600, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);
const BASE = '/extended/v1/burnchain';

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);
function chain() {
  return app.live.queries.chain;
}
function net() {
  return chain().net;
}

/** The pox-addr of every lock of a cycle's reward set, by cycle. */
function setAddresses(): Map<number, Set<string>> {
  return new Map(
    app.live.queries.explorer
      .cycles()
      .map((c) => [
        c.cycle,
        new Set(c.signers.flatMap((s) => s.locks.map((tx) => poxBitcoinAddress(chain(), tx)))),
      ]),
  );
}

describe('the reward slot holders', () => {
  it('lists two holders per reward-phase burn block, from its cycle set, none in the prepare phase, newest first', async () => {
    const all = await body(`${BASE}/reward_slot_holders?limit=250`);
    expect(all.total).toBeGreaterThan(100);
    const sets = setAddresses();
    const { poxCycleLength: length, poxPrepareLength: prepare } = net();
    const perBlock = new Map<number, number>();
    for (const h of all.results) {
      expect(h.address).toMatch(/^bc1q/);
      expect(sets.get(cycleOf(h.burn_block_height, length))?.has(h.address), h.address).toBe(true);
      expect(h.burn_block_height % length).toBeLessThan(length - prepare);
      perBlock.set(h.burn_block_height, (perBlock.get(h.burn_block_height) ?? 0) + 1);
    }
    expect([...new Set(perBlock.values())]).toEqual([2]);
    const order = all.results.map((h: Json) => [h.burn_block_height, h.slot_index]);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect((await body(`/extended/v2/burn-blocks/${all.results[0].burn_block_height}`)).burn_block_hash).toBe(
      all.results[0].burn_block_hash,
    );
  });

  it('pages as the real service: limit=0 is 96, an offset past the end counts total 0, limit 251 is refused', async () => {
    expect((await body(`${BASE}/reward_slot_holders?limit=0`)).limit).toBe(96);
    const total = (await body(`${BASE}/reward_slot_holders`)).total;
    expect(await body(`${BASE}/reward_slot_holders?offset=${total}`)).toEqual({
      limit: 96,
      offset: total,
      total: 0,
      results: [],
    });
    await body(`${BASE}/reward_slot_holders?limit=251`, 400);
  });

  it('filters by address, a Bitcoin one as given, a Stacks one converted, and refuses anything else', async () => {
    const [first] = (await body(`${BASE}/reward_slot_holders?limit=1`)).results;
    const mine = await body(`${BASE}/reward_slot_holders/${first.address}?limit=250`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.results.every((h: Json) => h.address === first.address)).toBe(true);
    expect((await body(`${BASE}/reward_slot_holders/%20${first.address}%20`)).total).toBe(mine.total);
    expect((await body(`${BASE}/reward_slot_holders/SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07`)).total).toBe(
      0,
    );
    expect((await body(`${BASE}/reward_slot_holders/not-an-address`, 400)).message).toBe(
      'Address not-an-address is not a valid Bitcoin or STX address.',
    );
  });
});

describe('the rewards', () => {
  it('pays each slot holder at its index, burning nothing when two slots are paid, without a total', async () => {
    const holders = (await body(`${BASE}/reward_slot_holders?limit=250`)).results;
    const rewards = await body(`${BASE}/rewards?limit=250`);
    expect(rewards).not.toHaveProperty('total');
    expect(rewards.results.map((r: Json) => [r.burn_block_hash, r.reward_recipient, r.reward_index])).toEqual(
      holders.map((h: Json) => [h.burn_block_hash, h.address, h.slot_index]),
    );
    for (const r of rewards.results) {
      expect(r.burn_amount).toBe('0');
      expect(Number(r.reward_amount)).toBeGreaterThanOrEqual(10_000);
    }
  });

  it("sums a recipient's rewards, and answers 0 for one never paid", async () => {
    const [first] = (await body(`${BASE}/rewards?limit=1`)).results;
    const paid = (await body(`${BASE}/rewards/${first.reward_recipient}?limit=250`)).results;
    expect(paid.every((r: Json) => r.reward_recipient === first.reward_recipient)).toBe(true);
    const sum = paid.reduce((s: number, r: Json) => s + Number(r.reward_amount), 0);
    expect(await body(`${BASE}/rewards/${first.reward_recipient}/total`)).toEqual({
      reward_recipient: first.reward_recipient,
      reward_amount: String(sum),
    });
    const stx = 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07';
    expect(await body(`${BASE}/rewards/${stx}/total`)).toEqual({
      reward_recipient: c32ToB58(stx),
      reward_amount: '0',
    });
    expect((await body(`${BASE}/rewards/${stx}`)).results).toEqual([]);
  });

  it("refuses an address with each route's own wording", async () => {
    expect((await body(`${BASE}/rewards/xyz`, 400)).message).toBe(
      'Address is not a valid Bitcoin or STX address.',
    );
    expect((await body(`${BASE}/rewards/xyz/total`, 400)).message).toBe(
      'Address xyz is not a valid Bitcoin or STX address.',
    );
    // A contract principal is no address; a base58 address with a bad checksum neither.
    await body(`${BASE}/rewards/SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07.pox/total`, 400);
    await body(`${BASE}/rewards/1Kubpz712HQVScGDzrdtXSqxswRqYRavn4/total`, 400);
  });
});

describe('the burn blocks the event stream exports', () => {
  // writeEventStream sends each burn block's message with its payouts (its own tests run it whole).
  it('carry the slot holders, recipients and amounts the routes serve', async () => {
    const payouts = burnchainPayouts(chain(), app.live.queries.explorer.cycles());
    const burns = payouts.map((p) => burnBlockMessage(chain(), p.row + 1, p));
    const exported = burns.flatMap((b) =>
      b.reward_recipients.map((r, i) => [b.burn_block_height, r.recipient, String(r.amt), i]),
    );
    const served = (await body(`${BASE}/rewards?limit=250`)).results.map((r: Json) => [
      r.burn_block_height,
      r.reward_recipient,
      r.reward_amount,
      r.reward_index,
    ]);
    expect(exported.reverse().slice(0, served.length)).toEqual(served);
    const holders = (await body(`${BASE}/reward_slot_holders?limit=250`)).results;
    expect(
      burns.find((b) => b.burn_block_height === holders[0].burn_block_height)?.reward_slot_holders,
    ).toEqual([holders[1].address, holders[0].address]);
    const { poxCycleLength: length, poxPrepareLength: prepare } = net();
    const prepared = burns.filter((b) => b.burn_block_height % length >= length - prepare);
    expect(prepared.length).toBeGreaterThan(0);
    for (const b of prepared) {
      expect([b.reward_slot_holders, b.reward_recipients]).toEqual([[], []]);
      expect(b.burn_amount).toBeGreaterThan(0);
    }
  });
});

describe("the payouts' draw", () => {
  it('pays a set of one slot once and burns the other output, and counts slots without listing them', () => {
    const cycles = app.live.queries.explorer.cycles();
    const full = cycles.find((c) => c.signers.length > 1);
    expect(full).toBeDefined();
    const lock = full?.signers[0]?.locks[0] as number;
    const stacked = Number(chain().txs.amount.at(lock));
    const only = (threshold: number) =>
      burnchainPayouts(
        chain(),
        cycles.map((c) =>
          c === full ? { ...c, threshold, signers: [{ ...c.signers[0]!, locks: [lock] }] } : c,
        ),
      ).filter(
        (p) => cycleOf(p.burnHeight, net().poxCycleLength) === full?.cycle && p.slotHolders.length > 0,
      );
    const once = only(stacked);
    expect(once.length).toBeGreaterThan(0);
    for (const p of once) {
      expect(p.slotHolders).toEqual([poxBitcoinAddress(chain(), lock)]);
      expect(p.burnAmount).toBe(p.rewards[0]?.amount);
    }
    // A threshold of one micro-STX makes the lock billions of slots: both outputs pay it.
    for (const p of only(1)) expect([p.slotHolders.length, p.burnAmount]).toEqual([2, 0]);
  });
});

describe('the living chain', () => {
  it('drops the rewards of the burn blocks a reorg drops, and a reset brings them back', async () => {
    const before = await body(`${BASE}/rewards?limit=250`);
    const top = before.results[0].burn_block_height;
    const rows = chain().blocks.count;
    let depth = 0;
    while (chain().blocks.burnHeight[rows - 1 - depth] === top) depth++;
    app.live.reorg(depth);
    const hashes = new Set<string>();
    for (let row = 0; row < chain().blocks.count; row++)
      hashes.add(chain().blocks.hex(BlockKey.BurnHash, row));
    const after = await body(`${BASE}/rewards?limit=250`);
    expect(after.results.every((r: Json) => hashes.has(r.burn_block_hash))).toBe(true);
    expect(after.results.some((r: Json) => r.burn_block_hash === before.results[0].burn_block_hash)).toBe(
      false,
    );
    app.live.reset();
    expect(await body(`${BASE}/rewards?limit=250`)).toEqual(before);
  });
});
