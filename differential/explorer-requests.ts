import { blockHash, indexBlockHash } from '../mocks/world/derive/block-hashes.ts';
import { BlockKey } from '../mocks/world/tables/block-table.ts';
import { tipHeight } from '../mocks/world/tables/chain.ts';
import { TX_TYPES } from '../mocks/world/tables/kinds.ts';
import { listOperations } from '../spec/load.ts';
import { servedBy } from '../spec/releases/releases.ts';
import {
  askerOf,
  diffRequest,
  startOf,
  withPath,
  withQuery,
  type DiffRequest,
  type DiffWorld,
} from './starting-requests.ts';

/** One block in this many is asked for its transactions (each by height; the first and last by hash too). */
const BLOCK_STRIDE = 10;

/**
 * The requests of the explorer's routes (issue 40) that the release serves, built on each
 * operation's declared valid request: the block and burn block lists page by page, a block's
 * transactions for one block in ten (v2, and v3 where served), every burn block by height and
 * its blocks, the mempool's fee priorities, the reward cycles with their signers, the recent
 * transactions under each filter and order, and the bad pages (an unknown cursor, `limit=0`, an
 * offset past the end). The token metadata routes are another service's: never sent.
 */
export function explorerRequests({ chain, view }: DiffWorld, release: string): DiffRequest[] {
  const out: DiffRequest[] = [];
  const served = new Set(listOperations().flatMap((op) => (servedBy(op, release) ? [op.operationId] : [])));
  const ask = askerOf(out, view, (id) => served.has(id));
  const tip = tipHeight(chain);
  const b = chain.blocks;

  ask('get_blocks', 'first page');
  for (let offset = 0; offset < Math.min(tip, 300); offset += 30)
    ask('get_blocks', 'offset walk', { limit: '30', offset: String(offset) });
  ask('get_blocks', 'negative offset', { limit: '5', offset: '-3' });
  ask('get_blocks', 'limit 0', { limit: '0' });
  for (const h of [tip, Math.ceil(tip / 2), 5].filter((h) => h >= 1))
    ask('get_blocks', 'by cursor', { limit: '10', cursor: indexBlockHash(chain, h) });
  ask('get_blocks', 'by cursor, offset', { limit: '10', offset: '-4', cursor: indexBlockHash(chain, 5) });
  ask('get_blocks', 'unknown cursor', { cursor: `0x${'ab'.repeat(32)}` });

  const named = (operationId: string, group: string, name: string, query = {}): void => {
    if (!served.has(operationId)) return;
    const start = withPath(startOf(operationId, view), { height_or_hash: name });
    out.push(diffRequest(operationId, group, withQuery(start, query)));
  };
  const heights = new Set([tip]);
  for (let h = 1; h <= tip; h += BLOCK_STRIDE) heights.add(h);
  for (const h of heights) {
    named('get_transactions_by_block', 'block', String(h));
    named('get_block_transactions', 'block', String(h));
  }
  named('get_transactions_by_block', 'block by hash', blockHash(chain, tip));
  named('get_transactions_by_block', 'block by index block hash', indexBlockHash(chain, 1));
  named('get_transactions_by_block', 'latest, second page', 'latest', { limit: '2', offset: '2' });
  named('get_transactions_by_block', 'offset past the end', 'latest', { offset: '50' });
  named('get_transactions_by_block', 'limit 0', 'latest', { limit: '0' });
  named('get_transactions_by_block', 'unknown block', String(tip + 100));
  named('get_block_transactions', 'second page', 'latest', { limit: '2', cursor: `${tip}:2147483647:1` });
  named('get_block_transactions', 'unknown block', String(tip + 100));

  ask('get_burn_blocks', 'first page');
  for (let offset = 0; offset < b.count; offset += 30)
    ask('get_burn_blocks', 'offset walk', { limit: '30', offset: String(offset) });
  ask('get_burn_blocks', 'limit 0', { limit: '0' });
  const burnHeights = new Set<number>();
  for (let row = 0; row < b.count; row++) {
    const burnHeight = b.burnHeight[row] as number;
    if (burnHeights.has(burnHeight)) continue;
    burnHeights.add(burnHeight);
    named('get_burn_block', 'burn block by height', String(burnHeight));
    named('get_blocks_by_burn_block', 'burn block by height', String(burnHeight));
    if (burnHeights.size % BLOCK_STRIDE === 1)
      named('get_burn_block', 'burn block by hash', b.hex(BlockKey.BurnHash, row));
  }
  named('get_burn_block', 'latest', 'latest');
  named('get_blocks_by_burn_block', 'latest', 'latest');
  named('get_blocks_by_burn_block', 'latest, limit 0', 'latest', { limit: '0' });
  named('get_burn_block', 'unknown burn block', '1');
  named('get_blocks_by_burn_block', 'unknown burn block', '1');

  ask('get_mempool_fee_priorities', 'fees');

  ask('get_pox_cycles', 'first page');
  ask('get_pox_cycles', 'limit 0', { limit: '0' });
  for (const pox_cycle of view.pox_cycle === undefined ? [0] : [view.pox_cycle, 0]) {
    const at = askerOf(out, { ...view, pox_cycle }, (id) => served.has(id));
    at('get_pox_cycle', pox_cycle === 0 ? 'unknown cycle' : 'cycle');
    at('get_pox_cycle_signers', pox_cycle === 0 ? 'unknown cycle' : 'cycle');
  }

  ask('get_transaction_list', 'first page');
  for (const type of TX_TYPES) ask('get_transaction_list', 'by type', { type, limit: '50' });
  ask('get_transaction_list', 'two types', { type: 'token_transfer,contract_call' });
  for (const sort_by of ['block_height', 'burn_block_time', 'fee'])
    for (const order of ['asc', 'desc'])
      ask('get_transaction_list', 'sorted', { sort_by, order, limit: '50' });
  ask('get_transaction_list', 'unanchored', { unanchored: 'true' });
  ask('get_transaction_list', 'offset past the end', { offset: '100000' });
  if (view.stx_activity) {
    ask('get_transaction_list', 'from an address', { from_address: view.stx_activity, limit: '50' });
    ask('get_transaction_list', 'to an address', { to_address: view.stx_activity, limit: '50' });
  }
  if (view.ft_asset) {
    const contract_id = view.ft_asset.split('::')[0] as string;
    ask('get_transaction_list', 'a contract', { contract_id, limit: '50' });
    ask('get_transaction_list', 'a function', { contract_id, function_name: 'transfer', limit: '50' });
  }
  ask('get_transaction_list', 'a nonce', { nonce: '3', limit: '50' });
  const times = [
    b.burnTime[Math.floor(b.count / 3)] as number,
    b.burnTime[Math.floor((2 * b.count) / 3)] as number,
  ];
  ask('get_transaction_list', 'a time window', { start_time: String(times[0]), end_time: String(times[1]) });
  ask('get_transactions', 'first page');
  ask('get_transactions', 'second page', { limit: '5', cursor: `${tip}:2147483647:0` });
  return out;
}
