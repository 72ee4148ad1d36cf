import type { Exchanges, Ok } from './api.ts';
import { errorLine, facts, link, table } from './dom.ts';
import { short } from './format.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

export const LATEST_BLOCKS = 5;

/** The tip (get_status) and the latest blocks (get_block by height). */
export async function chainView(x: Exchanges): Promise<Drawn> {
  const status = await x.get<Ok<'get_status'>>('/extended');
  if (!status.ok) return { title: 'Chain', content: [errorLine(status.error)] };
  const tip = status.body.chain_tip;
  const heights = Array.from(
    { length: Math.min(LATEST_BLOCKS, tip.block_height) },
    (_, i) => tip.block_height - i,
  );
  const blocks = await Promise.all(
    heights.map((n) => x.get<Ok<'get_block'>>(urlFor('get_block', { path: { height_or_hash: n } }))),
  );
  return {
    title: 'Chain',
    content: [
      facts([
        ['Tip height', link(`#/block/${tip.block_height}`, String(tip.block_height))],
        ['Tip hash', link(`#/block/${tip.block_hash}`, tip.block_hash)],
        ['Burn block height', String(tip.burn_block_height)],
        ['Server', status.body.server_version],
      ]),
      table(
        ['Height', 'Hash', 'Time', 'Transactions'],
        blocks.map((b, i) =>
          b.ok
            ? [
                link(`#/block/${b.body.height}`, String(b.body.height)),
                link(`#/block/${b.body.hash}`, short(b.body.hash)),
                b.body.block_time_iso,
                b.body.tx_count,
              ]
            : [String(heights[i]), errorLine(b.error), '', ''],
        ),
        ['Transactions'],
      ),
    ],
  };
}
