import { windowRows } from '../query/paging.ts';
import { contractLogEvent } from '../serialize/contracts.ts';
import { ok, type OperationHandler } from './types.ts';

/** A page of the contract's logs, newest first; an unknown contract has none (200, never 404). */
export const get_contract_events_by_id: OperationHandler<'get_contract_events_by_id', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const logs = windowRows(queries.contracts().logs(path.contract_id), query);
    return ok({
      limit: query.limit,
      offset: query.offset,
      results: logs.map((log) => contractLogEvent(queries.chain, log)),
    });
  },
};
