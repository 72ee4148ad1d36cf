import type { Problem } from '../../spec/responses.ts';
import { ORDERINGS, orderFindings } from '../cases/ordering.ts';
import { finding, ok, results, type MeaningCheck } from './meaning-check.ts';

/**
 * Meaning checks on a page of any paginated operation: it echoes the limit and offset asked for
 * and is in the order the operation documents. (Whether it holds what `total` says is a derived
 * check, `page_holds_what_total_says`.)
 */

const pageEchoesRequest: MeaningCheck = {
  name: 'page_echoes_request',
  rule: 'a page echoes the limit (the default for 0 or none) and offset asked for (a cursor page, which has no offset, the limit only), and holds at most `limit` results (but for operation 6 with `height`, which returns that whole block)',
  sources: [
    {
      document: 'description',
      section: '2.6',
      line: '`limit` (integer), `offset` (integer), `total` (integer), `results` (array).',
    },
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: '`limit=0` is accepted and means "the default" (the response then says `"limit": 20`).',
    },
  ],
  fields: ['* limit', '* offset', '* results'],
  check: (a) => {
    if (!ok(a) || !Array.isArray(a.body.results) || typeof a.body.limit !== 'number') return [];
    const out: Problem[] = [];
    const limit = Number(a.query.get('limit') ?? '0');
    const offset = Number(a.query.get('offset') ?? '0');
    if (limit > 0 && a.body.limit !== limit)
      out.push(finding('page_echoes_request', `limit ${limit}`, String(a.body.limit)));
    if ((a.body.offset !== undefined || !('cursor' in a.body)) && a.body.offset !== offset)
      out.push(finding('page_echoes_request', `offset ${offset}`, String(a.body.offset)));
    // `height` returns that whole block, however many that is (facts, operation 6).
    const wholeBlock = a.operationId === 'get_account_transactions_with_transfers' && a.query.has('height');
    if (!wholeBlock && a.body.results.length > a.body.limit)
      out.push(
        finding('page_echoes_request', `at most ${a.body.limit} results`, String(a.body.results.length)),
      );
    return out;
  },
};

const pageInDocumentedOrder: MeaningCheck = {
  name: 'page_in_documented_order',
  rule: 'events by `event_index` ascending; transactions with transfers by block height, then tx index, descending',
  sources: [
    { document: 'facts', section: 'Per operation 5', line: 'Ordered by `event_index` ascending.' },
    { document: 'facts', section: 'Per operation 6', line: 'Order: block height desc, then tx index desc;' },
  ],
  fields: [
    'get_address_transaction_events results[].event_index',
    'get_account_transactions_with_transfers results[].tx.block_height',
    'get_account_transactions_with_transfers results[].tx.tx_index',
  ],
  check: (a) => {
    const ordering = ORDERINGS[a.operationId];
    if (!ok(a) || !ordering) return [];
    return orderFindings(ordering, results(a.body), 'check page_in_documented_order');
  },
};

export const PAGE_CHECKS: readonly MeaningCheck[] = [pageEchoesRequest, pageInDocumentedOrder];
