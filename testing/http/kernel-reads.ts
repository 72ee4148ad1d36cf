import type { TxListEntry } from '../../mocks/serialize/types.ts';
import type { KernelReads } from '../../mocks/kernel-reads.ts';

/** Operation 2's answer, each entry typed as the serializers write it (a confirmed transaction by its type). */
type TxDetails = Record<string, TxListEntry>;

/** Ids per request of `tx/multiple`: about 7.3 kB of target, within the mock's 8 KiB URL limit. */
const IDS_PER_REQUEST = 100;
/** The spec's largest `event_limit`. */
const EVENTS_PER_PAGE = 100;

/**
 * `get_tx_list_details` for any number of ids, asked as a client must: in batches within the
 * URL limit and, without `events`, every event of each mined transaction, paged in by
 * `event_offset`. A batch none of whose ids is found is the 404; its ids read `found: false`,
 * as a 200 lists an id not found.
 */
export function txDetails(
  reads: KernelReads,
  ids: readonly string[],
  { unanchored, events }: { unanchored: boolean; events?: { limit: number; offset: number } },
): TxDetails {
  const ask = (tx_id: readonly string[], event_offset: number, event_limit: number) =>
    reads.get('get_tx_list_details', { query: { tx_id, event_limit, event_offset, unanchored } }) as
      TxDetails | undefined;
  const out: TxDetails = {};
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const batch = ids.slice(i, i + IDS_PER_REQUEST);
    const answer =
      ask(batch, events?.offset ?? 0, events?.limit ?? EVENTS_PER_PAGE) ??
      Object.fromEntries(batch.map((id) => [id, { found: false, result: { tx_id: id } }]));
    if (!events)
      for (const [id, entry] of Object.entries(answer)) {
        const tx = entry.result;
        if (!entry.found || !('event_count' in tx)) continue;
        while (tx.events.length < tx.event_count) {
          const more = ask([id], tx.events.length, EVENTS_PER_PAGE)?.[id]?.result;
          if (!more || !('events' in more) || more.events.length === 0)
            throw new Error(`${id}: events stop at ${tx.events.length} of ${tx.event_count}`);
          tx.events.push(...more.events);
        }
      }
    Object.assign(out, answer);
  }
  return out;
}
