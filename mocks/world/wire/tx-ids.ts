import { toHex } from '../hex.ts';
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

/** The chain's transactions compute a derived id from their bytes (`writeTxId`): at build, and once restored. */
export function bindTxIds(chain: Chain): void {
  bindIdSource(chain.txs, (row) => txHash(generatedBytes(chain, chain.txs, row)));
}
