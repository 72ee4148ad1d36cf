import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { REWARD_MATURITY } from '../world/derive/miner-rewards.ts';
import { Action } from '../world/tables/kinds.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

const body = specCheckedBody<Record<string, any>>(get);
const { chain } = app.live.queries;
const tip = chain.blocks.count;

function microStx(stx: string): bigint {
  const [whole, fraction] = stx.split('.') as [string, string];
  return BigInt(whole) * 1_000_000n + BigInt(fraction);
}

/** The world's genesis allocation, in micro-STX: the supply before any block reward matures. */
function genesisSupply(): bigint {
  return chain.genesisAmounts.reduce<bigint>((sum, a) => sum + BigInt(a), 0n);
}

/** Whether a block's transactions burn no STX, so its supply moves by the reward maturing alone. */
function burnsNoStx(height: number): boolean {
  const first = chain.blocks.firstTx[height - 1] as number;
  const count = chain.blocks.txCount[height - 1] as number;
  for (let tx = first; tx < first + count; tx++) if (chain.txs.action[tx] === Action.StxBurn) return false;
  return true;
}

describe('the STX supply', () => {
  it('is the genesis allocation at the first block, then grows by each block reward as it matures', async () => {
    expect(burnsNoStx(1)).toBe(true);
    expect(microStx((await body('/extended/v1/stx_supply?height=1')).total_stx)).toBe(genesisSupply());
    let height = REWARD_MATURITY + 1;
    while (!burnsNoStx(height)) height++;
    const before = await body(`/extended/v1/stx_supply?height=${height - 1}`);
    const at = await body(`/extended/v1/stx_supply?height=${height}`);
    const matured = BigInt(chain.blocks.reward[height - 1 - REWARD_MATURITY] as number);
    expect(matured).toBeGreaterThan(0n);
    expect(microStx(at.total_stx) - microStx(before.total_stx)).toBe(matured);
    expect([at.block_height, at.unlocked_stx, at.unlocked_percent]).toEqual([height, at.total_stx, '100.00']);
    expect(at.total_stx_year_2050).toBe('2318000000.000000');
  });

  it('reads the tip by default, the tip plus one with unanchored=true, and refuses a negative height', async () => {
    const atTip = await body('/extended/v1/stx_supply');
    expect(atTip).toEqual(await body(`/extended/v1/stx_supply?height=${tip}`));
    expect((await body('/extended/v1/stx_supply?unanchored=true')).block_height).toBe(tip + 1);
    expect((await get('/extended/v1/stx_supply?height=-1')).status).toBe(400);
  });
});
