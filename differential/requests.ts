import { badRequestCases } from '../contract-tests/cases/bad-requests.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import { blockHash, indexBlockHash } from '../mocks/world/derive/block-hashes.ts';
import { tipHeight } from '../mocks/world/tables/chain.ts';
import { listOperations } from '../spec/load.ts';
import { servedBy } from '../spec/releases/releases.ts';
import { stringParams, validRequests } from '../spec/valid-requests/valid-requests.ts';
import {
  addressView,
  askerOf,
  diffRequest,
  startOf,
  transactionView,
  withPath,
  withQuery,
  type DiffRequest,
  type DiffWorld,
} from './starting-requests.ts';
import { successorRequests } from './successor-requests.ts';
import { explorerRequests } from './explorer-requests.ts';

/** How many ids one `tx/multiple` request asks for. */
export const TX_BATCH = 20;
/** The page size of a full walk (the operation's maximum). */
export const WALK_LIMIT = 50;

/**
 * The requests sent to both services, in a fixed order, each built on an operation's declared
 * valid request (spec/valid-requests/) for one entity of the world: every operation; every notable
 * address of the world catalogue (and a world file's accounts) with its balances, first page and
 * full walk of transactions with transfers; each mined transaction's with_transfers and events for
 * its sender; every block by height, hash and index block hash; every transaction through
 * `tx/multiple` in batches; the bad inputs the contract suite sends (of the operations whose real
 * answers to them are recorded); then the routes beside the eight that the release serves
 * (`successorRequests`) and the explorer's (`explorerRequests`); last, any other read the release
 * serves, by its declared valid requests (`declaredRequests`).
 */
export function buildRequests(
  world: DiffWorld,
  historyTotals: ReadonlyMap<string, number>,
  release: string,
): DiffRequest[] {
  const { chain, catalogue, view } = world;
  const out: DiffRequest[] = [];
  const every = (): boolean => true;
  const ask = askerOf(out, view, every);
  ask('get_status', 'status');
  ask('get_mempool_transaction_stats', 'mempool stats');
  const block = startOf('get_block', view);
  out.push(diffRequest('get_block', 'latest', withPath(block, { height_or_hash: 'latest' })));
  for (let h = 1; h <= tipHeight(chain); h++) {
    const byHeight = startOf('get_block', { ...view, block_height: h });
    const named = (name: string) => withPath(byHeight, { height_or_hash: name });
    out.push(diffRequest('get_block', 'block by height', byHeight));
    out.push(diffRequest('get_block', 'block by hash', named(blockHash(chain, h))));
    out.push(diffRequest('get_block', 'block by index block hash', named(indexBlockHash(chain, h))));
  }
  const ids: string[] = [];
  for (let tx = 0; tx < chain.txs.count; tx++) ids.push(chain.txs.idHex(tx));
  for (let tx = 0; tx < chain.mempool.count; tx++) ids.push(chain.mempool.idHex(tx));
  for (let i = 0; i < ids.length; i += TX_BATCH) {
    const batch = ids.slice(i, i + TX_BATCH);
    askerOf(out, { ...view, tx_ids: batch, mempool: [] }, every)('get_tx_list_details', 'batch', {
      tx_id: batch,
    });
  }
  for (const address of notableAddresses(catalogue)) {
    const ask = askerOf(out, addressView(view, address), every);
    // The address the world has never seen answers with other headers: a group of its own.
    const unseen = address === catalogue.addresses.unknown;
    const group = (g: string): string => (unseen ? `unknown address, ${g}` : g);
    ask('get_account_balance', unseen ? 'unknown address' : 'notable address');
    ask('get_account_transactions_with_transfers', group('first page'), {});
    // Every page of the history, then one past its end.
    const total = historyTotals.get(address) ?? 0;
    for (let offset = 0; offset <= total; offset += WALK_LIMIT)
      ask('get_account_transactions_with_transfers', group('full walk'), {
        limit: String(WALK_LIMIT),
        offset: String(offset),
      });
  }
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    const sender = chain.principals.name(chain.txs.sender[tx] as number);
    const ask = askerOf(out, transactionView(view, chain.txs.idHex(tx), sender), every);
    ask('get_single_transaction_with_transfers', 'sender');
    ask('get_address_transaction_events', 'sender');
  }
  out.push(...badInputs(world));
  out.push(...successorRequests(world, notableAddresses(catalogue), release));
  out.push(...explorerRequests(world, release));
  out.push(...declaredRequests(world, release, new Set(out.map((r) => r.operationId))));
  return out;
}

/**
 * Every read the release serves that no walk above asks: its declared valid requests
 * (spec/valid-requests/) on the world's view, so a new operation is compared from its declaration
 * alone. Not the stacks-node's routes nor another service's (token metadata, signer metrics), which the real
 * service does not answer itself, nor what changes the chain or takes a body.
 */
function declaredRequests({ view }: DiffWorld, release: string, asked: ReadonlySet<string>): DiffRequest[] {
  const out: DiffRequest[] = [];
  for (const op of listOperations()) {
    const own = op.method === 'get' && !op.stacksNode && !op.service;
    if (!own || asked.has(op.operationId) || !servedBy(op, release)) continue;
    for (const request of validRequests(op.operationId, view).requests ?? [])
      out.push(diffRequest(op.operationId, 'declared', stringParams(request)));
  }
  return out;
}

/** The world catalogue's notable addresses and a world file's accounts, each once. */
export function notableAddresses(catalogue: WorldCatalogue): string[] {
  return [
    ...new Set([...Object.values(catalogue.addresses), ...catalogue.declared.accounts.map((a) => a.address)]),
  ];
}

/**
 * The suite's bad inputs (spec/invalid-requests) of every operation whose real answers to them are
 * recorded (the spec's `x-bad-inputs`), each built on its valid request for the busiest address,
 * the first transaction and the middle block, with the declared query over the valid one's, whose
 * parameters the mutations break one at a time.
 */
function badInputs({ chain, catalogue, view }: DiffWorld): DiffRequest[] {
  const txId = chain.txs.idHex(0);
  const busiest = catalogue.addresses.busiest;
  const at = transactionView(addressView(view, busiest), txId, busiest);
  const height = String(view.block_height);
  // The values the recorded bad inputs (fixtures/golden/) were built from, not the suite's fuller
  // set: more examples build more cases, which only a re-recording against the real service may add.
  const examples: Record<string, string[]> = {
    until_block: [height],
    height: [height],
    unanchored: ['true'],
  };
  const out: DiffRequest[] = [];
  for (const op of listOperations()) {
    if (!op.badInputs) continue;
    const start = startOf(op.operationId, at);
    const valid = withQuery(start, { ...start.query, ...op.badInputs.query });
    for (const c of badRequestCases(op, valid, examples))
      out.push(diffRequest(op.operationId, 'bad input', c));
  }
  return out;
}
