import type { Problem } from '../../spec/responses.ts';
import { isJson, type Json } from './answered-request.ts';
import { finding, firstFew, isHash, normalHash, ok, type MeaningCheck } from './meaning-check.ts';

/**
 * Meaning checks on the chain's own blocks and transactions, asked for by no principal: a block
 * is the one asked for (operation 1), a list of transactions holds the ids asked for (operation 2),
 * the mempool's percentiles are ordered (operation 3).
 */

const blockMatchesRequest: MeaningCheck = {
  name: 'block_matches_request',
  rule: 'get_block serves only canonical blocks, and the block asked for: its height, or a hash equal to `hash` or `index_block_hash`',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 1',
      line: '`latest`, an integer height, or a 64-hex hash with or without `0x` (case-insensitive) matching either `hash` or `index_block_hash`.',
    },
    { document: 'facts', section: 'Per operation 1', line: 'Only canonical blocks.' },
  ],
  fields: ['get_block canonical', 'get_block height', 'get_block hash', 'get_block index_block_hash'],
  check: (a) => {
    if (!ok(a, 'get_block')) return [];
    const out: Problem[] = [];
    const asked = a.path.height_or_hash ?? '';
    if (a.body.canonical !== true)
      out.push(finding('block_matches_request', 'canonical: true', String(a.body.canonical)));
    if (/^\d+$/.test(asked) && a.body.height !== Number(asked))
      out.push(finding('block_matches_request', `height ${asked}`, String(a.body.height)));
    if (isHash(asked) && ![a.body.hash, a.body.index_block_hash].includes(normalHash(asked)))
      out.push(
        finding(
          'block_matches_request',
          `hash or index_block_hash ${normalHash(asked)}`,
          `hash ${String(a.body.hash)}, index_block_hash ${String(a.body.index_block_hash)}`,
        ),
      );
    return out;
  },
};

const txListKeyedByRequest: MeaningCheck = {
  name: 'tx_list_keyed_by_request',
  rule: 'get_tx_list_details answers each id asked for, keyed as written or in its lowercase 0x form, and only those; a found entry is that transaction',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'Operation 2 keys its answer by the ids as the caller wrote them: a mined transaction asked for in upper case comes back under its lowercase `0x` key (found) and under the id as written (`found: false`).',
    },
    {
      document: 'facts',
      section: 'Per operation 2',
      line: 'unknown → `{found: false, result: {tx_id}}`. Duplicate ids collapse into one key.',
    },
  ],
  fields: [
    'get_tx_list_details {*}',
    'get_tx_list_details {*}.found',
    'get_tx_list_details {*}.result.tx_id',
  ],
  check: (a) => {
    if (!ok(a, 'get_tx_list_details')) return [];
    const asked = a.query.getAll('tx_id').flatMap((v) => v.split(','));
    const forms = new Set(asked.flatMap((id) => [id, normalHash(id)]));
    const out: Problem[] = [];
    for (const id of asked) {
      if (!(id in a.body) && !(normalHash(id) in a.body))
        out.push(finding('tx_list_keyed_by_request', `an entry for ${id}`, 'none'));
    }
    for (const [key, entry] of Object.entries(a.body)) {
      if (!forms.has(key)) out.push(finding('tx_list_keyed_by_request', 'only the ids asked for', key));
      if (!isJson(entry) || !isJson(entry.result)) continue;
      const txId = entry.result.tx_id;
      const want = entry.found === true ? normalHash(key) : key;
      if (txId !== want)
        out.push(finding('tx_list_keyed_by_request', `result.tx_id ${want} under key ${key}`, String(txId)));
    }
    return firstFew(out);
  },
};

const PERCENTILES = ['p25', 'p50', 'p75', 'p95'] as const;

const mempoolPercentiles: MeaningCheck = {
  name: 'mempool_percentiles_ordered',
  rule: 'mempool percentiles rise from p25 to p95, and are null exactly for a type with no pending transactions',
  sources: [
    { document: 'description', section: '2.4', line: 'percentiles are 25th, 50th, 75th, 95th.' },
    {
      document: 'facts',
      section: 'Per operation 3',
      line: 'and are `null` for a type with no pending transactions',
    },
  ],
  fields: [
    'get_mempool_transaction_stats *.*.p25',
    'get_mempool_transaction_stats *.*.p50',
    'get_mempool_transaction_stats *.*.p75',
    'get_mempool_transaction_stats *.*.p95',
    'get_mempool_transaction_stats tx_type_counts.*',
  ],
  check: (a) => {
    if (!ok(a, 'get_mempool_transaction_stats')) return [];
    const counts = isJson(a.body.tx_type_counts) ? a.body.tx_type_counts : {};
    const out: Problem[] = [];
    for (const stat of ['tx_simple_fee_averages', 'tx_ages', 'tx_byte_sizes']) {
      const byType = isJson(a.body[stat]) ? (a.body[stat] as Json) : {};
      for (const [type, p] of Object.entries(byType)) {
        if (!isJson(p)) continue;
        const values = PERCENTILES.map((k) => p[k]);
        const empty = counts[type] === 0;
        if (empty !== values.every((v) => v === null))
          out.push(
            finding(
              'mempool_percentiles_ordered',
              `${stat}.${type} all null exactly when tx_type_counts.${type} is 0`,
              `count ${String(counts[type])}, ${JSON.stringify(p)}`,
            ),
          );
        const numbers = values.filter((v): v is number => typeof v === 'number');
        if (numbers.some((v, i) => i > 0 && v < (numbers[i - 1] as number)))
          out.push(
            finding(
              'mempool_percentiles_ordered',
              `${stat}.${type}: p25 ≤ p50 ≤ p75 ≤ p95`,
              JSON.stringify(p),
            ),
          );
      }
    }
    return firstFew(out);
  },
};

export const BLOCK_AND_TRANSACTION_CHECKS: readonly MeaningCheck[] = [
  blockMatchesRequest,
  txListKeyedByRequest,
  mempoolPercentiles,
];
