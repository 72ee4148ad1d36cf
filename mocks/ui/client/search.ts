import type { Exchanges, Ok } from './api.ts';
import { errorLine } from './dom.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

const HEIGHT = /^\d{1,10}$/;
const HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const PRINCIPAL = /^S[PMTN][0-9A-Z]{28,40}(\.[a-zA-Z][a-zA-Z0-9_-]{0,127})?$/;

/**
 * One box for an address, a tx id, a block height or a block hash. A 64-digit hex is a
 * transaction when get_tx_list_details finds it, a block hash otherwise.
 */
export async function searchView(x: Exchanges, [raw = '']: string[]): Promise<Drawn & { go?: string }> {
  const q = raw.trim();
  const title = `Search: ${q}`;
  if (HEIGHT.test(q)) return { title, content: [], go: `#/block/${q}` };
  if (PRINCIPAL.test(q)) return { title, content: [], go: `#/address/${q}` };
  if (HASH.test(q)) {
    const id = `0x${q.replace(/^0x/, '').toLowerCase()}`;
    const listed = await x.get<Ok<'get_tx_list_details'>>(
      urlFor('get_tx_list_details', { query: { tx_id: id } }),
    );
    if (!listed.ok) return { title, content: [errorLine(listed.error)] };
    return { title, content: [], go: Object.values(listed.body)[0]?.found ? `#/tx/${id}` : `#/block/${id}` };
  }
  return {
    title,
    content: [errorLine(`"${q}" is not an address, a transaction id, a block height or a block hash.`)],
  };
}
