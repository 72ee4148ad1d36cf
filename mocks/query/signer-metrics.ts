import { cycleOf } from '../world/derive/pox.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';

/**
 * What the world says of a cycle's signing, as the signer metrics service would have counted it:
 * the world records no signer messages, and every signer of the cycle signs every block mined on
 * the cycle's burn blocks (none rejected, none missed).
 */
export interface CycleSigning {
  /** Blocks mined so far on the cycle's burn blocks: each signer's accepted proposals. */
  readonly blocks: number;
  /** Unix seconds of the last of them: when each signer was last seen; undefined when none. */
  readonly lastTime: number | undefined;
}

export function cycleSigning(chain: Chain, cycle: number): CycleSigning {
  const b = chain.blocks;
  const length = chain.net.poxCycleLength;
  let blocks = 0;
  let lastTime: number | undefined;
  for (let row = 0; row < tipHeight(chain); row++) {
    if (cycleOf(b.burnHeight[row] as number, length) !== cycle) continue;
    blocks++;
    lastTime = b.time[row] as number;
  }
  return { blocks, lastTime };
}
