import type { Problem } from '../../spec/responses.ts';
import { isJson } from './answered-request.ts';
import type { AgreementCheck } from './agreement-checks.ts';
import { finding, firstFew, objectAt, ok } from './meaning-check.ts';

const PERCENTILES = ['p25', 'p50', 'p75', 'p95'] as const;

/**
 * Operation 3's ages are in blocks, counted from the chain tip: none can be negative or reach
 * past the chain. The status asked after the statistics gives the bound (a chain only grows, so a
 * later tip bounds the ages too), with one block more for the tip's unanchored microblocks.
 */
export const mempoolAgesWithinChain: AgreementCheck = {
  name: 'mempool_ages_within_chain',
  rule: 'every `tx_ages` percentile of operation 3 is a number of blocks: at least 0 and at most the status chain tip\u2019s `block_height` asked after it, plus one for the tip\u2019s unanchored microblocks (not seconds, not a block height)',
  sources: [
    {
      document: 'facts',
      section: 'Per operation 3',
      line: 'ages are chain-tip height minus the height at which the tx was received.',
    },
    {
      document: 'facts',
      section: "More facts learned from the differential (v8.11.6, the mock's own chains)",
      line: 'Operation 3: ages count from the tip including its unanchored microblocks (one more than the anchored tip when there are any).',
    },
  ],
  fields: ['get_mempool_transaction_stats tx_ages.*.*', 'get_status chain_tip.block_height'],
  check: (first, second) => {
    if (!ok(first, 'get_mempool_transaction_stats') || !ok(second, 'get_status')) return [];
    const tip = objectAt(second.body.chain_tip).block_height;
    if (typeof tip !== 'number') return [];
    const out: Problem[] = [];
    for (const [type, p] of Object.entries(objectAt(first.body.tx_ages))) {
      if (!isJson(p)) continue;
      for (const key of PERCENTILES) {
        const age = p[key];
        if (typeof age === 'number' && (age < 0 || age > tip + 1))
          out.push(
            finding(
              'mempool_ages_within_chain',
              `tx_ages.${type}.${key} between 0 and ${tip + 1} blocks (the chain tip ${tip}, plus one)`,
              String(age),
            ),
          );
      }
    }
    return firstFew(out);
  },
};
