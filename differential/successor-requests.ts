import type { Chain } from '../mocks/world/tables/chain.ts';
import { listOperations } from '../spec/load.ts';
import { servedBy } from '../spec/releases/releases.ts';
import type { WorldView } from '../spec/valid-requests/valid-requests.ts';
import {
  addressView,
  askerOf,
  transactionView,
  type Ask,
  type DiffRequest,
  type DiffWorld,
} from './starting-requests.ts';

/** How many ids one batch of balance changes asks for (the real service's maximum). */
const CHANGES_BATCH = 20;
/** What `include` adds to a v3 transaction: every heavy field. */
const ALL_FIELDS = 'function_args,source_code,post_conditions,result';
/** One mined transaction in this many is asked for by id and for its sender's balance changes. */
const TX_STRIDE = 5;

/**
 * The requests of the routes beside the description's eight, each only where the release serves
 * it (the spec's `x-releases`), built on the operation's declared valid request for one entity:
 * the successors the deprecations name (the v3 principal routes, the v2 address routes) for every
 * notable address, the balance changes of one mined transaction in five for its sender and of a
 * batch per address, and the wallet's reads (a transaction by id, mined or pending, and an
 * address's nonces) with their v3 successors (a transaction with and without its heavy fields, a
 * principal's nonces).
 */
export function successorRequests(
  { chain, catalogue, view }: DiffWorld,
  addresses: readonly string[],
  release: string,
): DiffRequest[] {
  const out: DiffRequest[] = [];
  const served = new Set(listOperations().flatMap((op) => (servedBy(op, release) ? [op.operationId] : [])));
  const asker = (v: WorldView): Ask => askerOf(out, v, (id) => served.has(id));
  const sent = sentBy(chain);
  for (const principal of addresses) {
    const at = addressView(view, principal);
    const ask = asker(at);
    // The address the world has never seen answers with other headers: a group of its own.
    const unseen = principal === catalogue.addresses.unknown;
    const group = (g: string): string => (unseen ? `unknown address, ${g}` : g);
    const itself = unseen ? 'unknown address' : 'notable address';
    ask('get_principal_transactions', group('first page'), {});
    ask('get_principal_transactions', group('page of 50'), { limit: '50' });
    ask('get_principal_balances_stx', itself);
    ask('get_principal_balances_ft', itself);
    ask('get_principal_balances_nft', itself);
    for (const asset of catalogue.assets.ft)
      asker({ ...at, ft_asset: asset })('get_principal_balance_ft', itself);
    const batch = (sent.get(principal) ?? []).slice(0, CHANGES_BATCH);
    // The real service's batch form: the ids in one value, comma-separated.
    if (batch[0] !== undefined)
      asker(transactionView(at, batch[0], principal))('get_principal_balance_changes', group('batch'), {
        tx_id: batch.join(','),
      });
    ask('get_address_transactions', group('first page'), {});
    ask('get_address_transactions', group('second page'), { limit: '50', offset: '50' });
    ask('get_principal_stx_balance', itself);
    ask('get_principal_stx_balance', group('with mempool'), { include_mempool: 'true' });
    ask('get_principal_ft_balances', itself);
    ask('get_account_nonces', itself);
    ask('get_principal_nonces', itself);
  }
  for (let tx = 0; tx < chain.anchoredCount; tx += TX_STRIDE) {
    const sender = chain.principals.name(chain.txs.sender[tx] as number);
    const ask = asker(transactionView(view, chain.txs.idHex(tx), sender));
    ask('get_principal_transaction_balance_changes', 'sender');
    ask('get_transaction_by_id', 'mined');
    ask('get_transaction', 'mined');
    ask('get_transaction', 'mined, every field', { include: ALL_FIELDS });
  }
  for (let tx = 0; tx < chain.mempool.count; tx++) {
    const sender = chain.principals.name(chain.mempool.sender[tx] as number);
    const ask = asker(transactionView(view, chain.mempool.idHex(tx), sender));
    // A sponsored pending transaction is where v9.0.2's replace-by-fee defect strikes: a group of its own.
    const group = chain.mempool.sponsor.at(tx) >= 0 ? 'mempool, sponsored' : 'mempool';
    ask('get_transaction_by_id', group);
    ask('get_transaction', group);
    ask('get_transaction', `${group}, every field`, { include: ALL_FIELDS });
  }
  return out;
}

/** Each sender's mined transactions, oldest first. */
function sentBy(chain: Chain): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    const name = chain.principals.name(chain.txs.sender[tx] as number);
    const list = sent.get(name) ?? [];
    list.push(chain.txs.idHex(tx));
    sent.set(name, list);
  }
  return sent;
}
