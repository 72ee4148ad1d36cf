import { toHex } from '../hex.ts';
import { LruCache } from '../lru-cache.ts';
import type { Chain } from '../tables/chain.ts';
import { Action } from '../tables/kinds.ts';
import { bindIdSource, type TxTable } from '../tables/tx-table.ts';
import { txHash } from './node/tx-hash.ts';
import { generatedBytes } from './tx-bytes.ts';

/**
 * Row `row` of `table`, just written, gets its id: the sha512/256 of the bytes the mock serves for
 * it, as a node names a transaction. A row whose id was given (a wallet signed it) has it already.
 * A row of the chain's own table is hashed only when its id is first asked (`bindTxIds`): a
 * ten-million-row world would otherwise hash them all before its first answer. Any other row (the
 * mempool's, whose ids order it) is hashed now and kept whole, and so is an engine-run row: what
 * the chain keeps for it (its entry, put under the row's seed while the row was being written)
 * moves to the id.
 */
export function writeTxId(chain: Chain, table: TxTable, row: number): void {
  if (table.hasId(row)) return;
  const action = table.action[row];
  const engineRun = action === Action.ClarityCall || action === Action.Deploy;
  const seed = engineRun ? table.idHex(row) : '';
  const entry = engineRun ? chain.clarityTxs[seed] : undefined;
  if (!entry && table === chain.txs) {
    table.deriveId(row);
    return;
  }
  const id = txHash(generatedBytes(chain, table, row));
  table.setId(row, id);
  if (!entry) return;
  delete chain.clarityTxs[seed];
  chain.clarityTxs[toHex(id)] = entry;
}

/** A raw form is served a row at a time: a few dozen rows' bytes (some 25 kB) cover any request's. */
const HASHED_BYTES_KEPT = 64;

/**
 * The bytes of the chain rows last hashed for their ids, by id: a request that finds a row by its
 * id and then serves its raw form (`tx/{id}/raw` of a row whose whole id was no longer kept) writes
 * its bytes once, not twice. Keyed by the id, the hash of the bytes, no entry can be stale.
 */
const hashedBytes = new LruCache<string, Uint8Array>(HASHED_BYTES_KEPT);

/** The chain's transactions compute a derived id from their bytes (`writeTxId`): at build, and once restored. */
export function bindTxIds(chain: Chain): void {
  bindIdSource(chain.txs, (row) => {
    const bytes = generatedBytes(chain, chain.txs, row);
    const id = txHash(bytes);
    hashedBytes.set(toHex(id), bytes);
    return id;
  });
}

/** The bytes whose hash is `id` (`0x` and hex), if a chain row's id was computed from them lately; not to be changed. */
export function bytesHashedInto(id: string): Uint8Array | undefined {
  return hashedBytes.get(id);
}
