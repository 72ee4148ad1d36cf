import { offsetPage } from '../query/paging.ts';
import { functionNameOf } from '../world/derive/call-arguments.ts';
import { confirmedTx } from '../serialize/transaction.ts';
import { withoutFunctionArgs } from './get_tx_list_details.ts';
import { ok, type OperationHandler } from './types.ts';

/** The recent mined transactions, filtered and sorted as the real service's `getTxList`. */
export const get_transaction_list: OperationHandler<
  'get_transaction_list',
  'limit' | 'offset' | 'unanchored' | 'sort_by'
> = {
  // exclude_function_args is v9's (x-since): a release before it has no such parameter, so no default.
  defaulted: ['limit', 'offset', 'unanchored', 'sort_by'],
  answer: ({ queries, query }) => {
    const { chain } = queries;
    const name = query.function_name;
    const list = queries.explorer.txList({
      unanchored: query.unanchored,
      ...(query.type ? { types: new Set(query.type) } : {}),
      ...(query.from_address !== undefined ? { from: query.from_address } : {}),
      ...(query.to_address !== undefined ? { to: query.to_address } : {}),
      ...(query.contract_id !== undefined ? { contractId: query.contract_id } : {}),
      ...(query.start_time !== undefined ? { startTime: query.start_time } : {}),
      ...(query.end_time !== undefined ? { endTime: query.end_time } : {}),
      ...(query.nonce !== undefined ? { nonce: query.nonce } : {}),
      ...(name ? { where: (tx: number) => functionNameOf(chain, chain.txs, tx) === name } : {}),
      sortBy: query.sort_by,
      order: query.order ?? 'desc',
    });
    const page = offsetPage(list, query);
    return ok({
      ...page,
      results: page.results.map((tx) =>
        withoutFunctionArgs(confirmedTx(chain, tx, 'none'), query.exclude_function_args),
      ),
    });
  },
};
