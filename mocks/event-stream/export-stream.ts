import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import {
  blockMessage,
  burnBlockMessage,
  dropReason,
  startsBurnBlock,
  unanchoredMessages,
  type InterfaceOf,
} from './messages.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';
import { attachmentsOf } from './attachments.ts';
import { replacements } from '../query/replace-by-fee.ts';
import { burnchainPayouts, type BurnchainPayouts } from '../world/derive/burnchain-payouts.ts';
import { rewardCycles } from '../world/derive/reward-sets.ts';

/** What was written: lines (messages) per path. */
export type StreamCounts = Record<string, number>;

/**
 * One message in the TSV form of the real service's `event_observer_requests` (what its
 * `import-events` reads): id, receive timestamp, path and JSON payload, tab-separated, as
 * PostgreSQL's COPY text format. JSON escapes every control character inside its strings, so the
 * only byte COPY would take for an escape is the backslash, doubled here.
 */
export function tsvLine(id: number, unixSeconds: number, path: string, payload: unknown): string {
  const at = new Date(unixSeconds * 1000).toISOString();
  return `${id}\t${at}\t${path}\t${JSON.stringify(payload).replace(/\\/g, '\\\\')}\n`;
}

/**
 * Writes `chain` as the messages a stacks-node sends its event observers, in chain order: each
 * burn block (with its PoX payouts) before the first block on it, each block with its transactions and events,
 * then the zone files of the BNS names it registered (`/attachments/new`), the mempool
 * transactions after the block at whose height they arrived (a dropped one is then
 * dropped), and the microblocks streamed on top of the tip; a deployment's interface from
 * `interfaceOf` (the Clarity engine's). It waits for `out` to drain, so
 * memory holds one block's messages whatever the chain's size.
 */
export async function writeEventStream(
  chain: Chain,
  out: Writable,
  interfaceOf: InterfaceOf,
): Promise<StreamCounts> {
  const counts: StreamCounts = {};
  let id = 0;
  const write = async (at: number, path: string, payload: unknown): Promise<void> => {
    counts[path] = (counts[path] ?? 0) + 1;
    if (!out.write(tsvLine(++id, at, path, payload))) await once(out, 'drain');
  };
  const arrivals = mempoolArrivals(chain);
  // A transaction a broadcast replaced by fee: the node names the replacement in its drop message.
  const replaced = replacements(chain);
  const newTxid = (tx: number): Record<string, string> => {
    const winner = replaced.get(tx);
    return winner === undefined ? {} : { new_txid: winner };
  };
  const payouts = new Map(burnchainPayouts(chain, rewardCycles(chain)).map((p) => [p.row, p]));
  const tip = tipHeight(chain);
  for (let height = 1; height <= tip; height++) {
    const time = chain.blocks.time[height - 1] as number;
    if (startsBurnBlock(chain, height))
      await write(
        chain.blocks.burnTime[height - 1] as number,
        '/new_burn_block',
        burnBlockMessage(chain, height, payouts.get(height - 1) as BurnchainPayouts),
      );
    await write(time, '/new_block', blockMessage(chain, height, interfaceOf));
    const attachments = attachmentsOf(chain, height);
    if (attachments.length > 0) await write(time, '/attachments/new', attachments);
    for (const tx of arrivals.get(height) ?? []) {
      const raw = rawTxOf(chain, chain.mempool, tx);
      await write(chain.receiptTime[tx] as number, '/new_mempool_tx', [raw.hex]);
      const reason = dropReason(chain, tx);
      if (reason)
        await write(chain.receiptTime[tx] as number, '/drop_mempool_tx', {
          dropped_txids: [raw.txid],
          reason,
          ...(reason === 'ReplaceByFee' ? newTxid(tx) : {}),
        });
    }
  }
  const tipTime = chain.blocks.time[tip - 1] as number;
  for (const message of unanchoredMessages(chain, interfaceOf))
    await write(tipTime, '/new_microblocks', message);
  return counts;
}

/** Mempool rows by the height at which they arrived; one received past the tip arrives at the tip. */
function mempoolArrivals(chain: Chain): Map<number, number[]> {
  const byHeight = new Map<number, number[]>();
  const tip = tipHeight(chain);
  for (let tx = 0; tx < chain.mempool.count; tx++) {
    const height = Math.min(Math.max(chain.mempool.height[tx] as number, 1), tip);
    const list = byHeight.get(height) ?? [];
    list.push(tx);
    byHeight.set(height, list);
  }
  return byHeight;
}
