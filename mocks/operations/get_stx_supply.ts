import { stxSupply } from '../query/stx-supply.ts';
import { bigAmount } from '../world/amount.ts';
import { tipHeight } from '../world/tables/chain.ts';
import { ok, type OperationHandler } from './types.ts';

/** The real service's constant: the STX there will be in 2050, in micro-STX. */
const TOTAL_MICRO_STX_YEAR_2050 = 2_318_000_000_000_000n;

/** The supply at the height asked (or the tip, or the tip plus one unanchored), in STX. */
export const get_stx_supply: OperationHandler<'get_stx_supply', 'unanchored'> = {
  defaulted: ['unanchored'],
  answer: ({ queries, query }) => {
    const tip = tipHeight(queries.chain);
    const height = query.height ?? (query.unanchored ? tip + 1 : tip);
    const matureHeight = query.height ?? tip;
    const supply = bigAmount(stxSupply(queries.chain, height, matureHeight));
    const stx = stxDecimal(supply);
    return ok({
      unlocked_percent: supply === 0n ? 'NaN' : '100.00',
      total_stx: stx,
      total_stx_year_2050: stxDecimal(TOTAL_MICRO_STX_YEAR_2050),
      unlocked_stx: stx,
      block_height: height,
    });
  },
};

function stxDecimal(microStx: bigint): string {
  const micro = String(microStx).padStart(7, '0');
  return `${micro.slice(0, -6)}.${micro.slice(-6)}`;
}
