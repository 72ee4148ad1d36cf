import type { Exchanges, Ok } from './api.ts';
import { errorLine, facts, link } from './dom.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

/** One block by height or hash (get_block). */
export async function blockView(x: Exchanges, [heightOrHash = '']: string[]): Promise<Drawn> {
  const answer = await x.get<Ok<'get_block'>>(
    urlFor('get_block', { path: { height_or_hash: heightOrHash } }),
  );
  if (!answer.ok) return { title: `Block ${heightOrHash}`, content: [errorLine(answer.error)] };
  const b = answer.body;
  return {
    title: `Block ${b.height}`,
    content: [
      facts([
        ['Height', String(b.height)],
        ['Hash', b.hash],
        ['Canonical', b.canonical ? 'yes' : 'no'],
        ['Time', b.block_time_iso],
        ['Transactions', String(b.tx_count)],
        ['Parent', b.height > 1 ? link(`#/block/${b.height - 1}`, b.parent_block_hash) : b.parent_block_hash],
        ['Index block hash', b.index_block_hash],
        ['Burn block', `${b.burn_block_height} (${b.burn_block_hash}) at ${b.burn_block_time_iso}`],
        ['Miner transaction', link(`#/tx/${b.miner_txid}`, b.miner_txid)],
        [
          'Execution cost',
          `read ${b.execution_cost_read_count} / ${b.execution_cost_read_length} B, write ${b.execution_cost_write_count} / ${b.execution_cost_write_length} B, runtime ${b.execution_cost_runtime}`,
        ],
      ]),
    ],
  };
}
