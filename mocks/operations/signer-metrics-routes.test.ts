import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { cycleOf } from '../world/derive/pox.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);

/** The blocks mined on a cycle's burn blocks, counted from the chain's columns. */
function blocksOfCycle(cycle: number): number[] {
  const { blocks, net } = app.live.queries.chain;
  const rows = [...Array(blocks.count).keys()];
  return rows.filter((row) => cycleOf(blocks.burnHeight[row] as number, net.poxCycleLength) === cycle);
}

async function cyclesWithSigners(): Promise<Json[]> {
  const cycles = (await body('/extended/v2/pox/cycles')).results as Json[];
  const withSigners = cycles.filter((c) => c.total_signers > 0);
  expect(withSigners.length).toBeGreaterThan(0);
  return withSigners;
}

describe('the signer metrics list of a cycle', () => {
  it('lists the signers get_pox_cycle_signers lists, in its order, each signing every block of the cycle', async () => {
    for (const cycle of await cyclesWithSigners()) {
      const n = cycle.cycle_number;
      const pox = (await body(`/extended/v2/pox/cycles/${n}/signers?limit=250`)).results as Json[];
      const page = await body(`/signer-metrics/v1/cycles/${n}/signers`);
      expect([page.limit, page.offset, page.total]).toEqual([100, 0, pox.length]);
      const rows = blocksOfCycle(n);
      const { time } = app.live.queries.chain.blocks;
      const lastSeen = rows.length ? new Date((time[rows.at(-1)!] as number) * 1000).toISOString() : null;
      page.results.forEach((s: Json, i: number) => {
        const p = pox[i]!;
        expect(s).toEqual({
          signer_key: p.signing_key,
          slot_index: i,
          weight: p.weight,
          weight_percentage: p.weight_percent,
          stacked_amount: p.stacked_amount,
          stacked_amount_percent: p.stacked_amount_percent,
          stacked_amount_rank: i + 1,
          proposals_accepted_count: rows.length,
          proposals_rejected_count: 0,
          proposals_missed_count: 0,
          average_response_time_ms: 0,
          last_seen: lastSeen,
          version: null,
        });
      });
    }
  });

  it("counts the page's signers as its total, as the service does, and answers an unknown cycle empty", async () => {
    const [cycle] = await cyclesWithSigners();
    const n = cycle!.cycle_number;
    const all = (await body(`/signer-metrics/v1/cycles/${n}/signers`)).results as Json[];
    const second = await body(`/signer-metrics/v1/cycles/${n}/signers?limit=1&offset=1`);
    expect(second.results).toEqual(all.slice(1, 2));
    expect(second.total).toBe(second.results.length);
    expect(await body('/signer-metrics/v1/cycles/7/signers')).toEqual({
      total: 0,
      limit: 100,
      offset: 0,
      results: [],
    });
    await body('/signer-metrics/v1/cycles/-1/signers', 400);
    await body(`/signer-metrics/v1/cycles/${n}/signers?limit=x`, 400);
  });
});

describe('one signer of the signer metrics', () => {
  it('answers each signer of the list by its key, and 404 in the service’s words for any other', async () => {
    const [cycle] = await cyclesWithSigners();
    const n = cycle!.cycle_number;
    const all = (await body(`/signer-metrics/v1/cycles/${n}/signers`)).results as Json[];
    for (const s of all)
      expect(await body(`/signer-metrics/v1/cycles/${n}/signers/${s.signer_key}`)).toEqual(s);
    const upper = `0x${all[0]!.signer_key.slice(2).toUpperCase()}`;
    expect(await body(`/signer-metrics/v1/cycles/${n}/signers/${upper}`)).toEqual(all[0]);
    const stranger = `0x02${'ab'.repeat(32)}`;
    expect(await body(`/signer-metrics/v1/cycles/${n}/signers/${stranger}`, 404)).toEqual({
      error: 'Signer not found',
    });
    expect(await body(`/signer-metrics/v1/cycles/7/signers/${all[0]!.signer_key}`, 404)).toEqual({
      error: 'Signer not found',
    });
    await body(`/signer-metrics/v1/cycles/${n}/signers/0x12`, 400);
  });
});

describe('one signer of a PoX cycle (the Stacks API’s own route)', () => {
  it('answers each signer of get_pox_cycle_signers by its key, with or without 0x, and 404 otherwise', async () => {
    const [cycle] = await cyclesWithSigners();
    const n = cycle!.cycle_number;
    const all = (await body(`/extended/v2/pox/cycles/${n}/signers?limit=250`)).results as Json[];
    for (const s of all)
      expect(await body(`/extended/v2/pox/cycles/${n}/signers/${s.signing_key}`)).toEqual(s);
    const key = all[0]!.signing_key as string;
    expect(await body(`/extended/v2/pox/cycles/${n}/signers/${key.slice(2)}`)).toEqual(all[0]);
    expect(
      (await body(`/extended/v2/pox/cycles/${n}/signers/0x${key.slice(2).toUpperCase()}`, 404)).message,
    ).toBe('Not found');
    expect((await body(`/extended/v2/pox/cycles/7/signers/${key}`, 404)).message).toBe('PoX cycle not found');
  });
});

describe('the stackers of a signer in a PoX cycle', () => {
  it('lists the locks behind each signer, largest first, and 404s an unknown cycle or signer', async () => {
    const [cycle] = await cyclesWithSigners();
    const n = cycle!.cycle_number;
    const all = (await body(`/extended/v2/pox/cycles/${n}/signers?limit=250`)).results as Json[];
    for (const s of all) {
      const page = await body(`/extended/v2/pox/cycles/${n}/signers/${s.signing_key}/stackers?limit=200`);
      expect(page.total).toBe(s.solo_stacker_count + s.pooled_stacker_count);
      const amounts = page.results.map((r: Json) => BigInt(r.stacked_amount));
      expect(amounts.reduce((a: bigint, b: bigint) => a + b, 0n)).toBe(BigInt(s.stacked_amount));
      expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      expect(
        page.results.every((r: Json) => r.stacker_type === 'solo' && r.pox_address.startsWith('bc1q')),
      ).toBe(true);
    }
    const key = all[0]!.signing_key as string;
    expect((await body(`/extended/v2/pox/cycles/${n}/signers/${key.slice(2)}/stackers`, 404)).message).toBe(
      'PoX cycle signer not found',
    );
    expect((await body(`/extended/v2/pox/cycles/7/signers/${key}/stackers`, 404)).message).toBe(
      'PoX cycle not found',
    );
  });
});
