import { toHex } from '../hex.ts';
import type { Chain } from '../tables/chain.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { txHash } from './node/tx-hash.ts';
import { generatedBytes } from './tx-bytes.ts';

/**
 * Row `row` of `table`, just written, gets its id: the sha512/256 of the bytes the mock serves for
 * it, as a node names a transaction. A row whose id was given (a wallet signed it) has it already.
 * What the chain keeps by id (an engine-run transaction's entry, put under the row's seed while
 * the row was being written) moves to the id.
 */
export function writeTxId(chain: Chain, table: TxTable, row: number): void {
  if (table.hasId(row)) return;
  const seed = table.idHex(row);
  const entry = chain.clarityTxs[seed];
  const id = txHash(generatedBytes(chain, table, row));
  table.setId(row, id);
  if (!entry) return;
  delete chain.clarityTxs[seed];
  chain.clarityTxs[toHex(id)] = entry;
}
