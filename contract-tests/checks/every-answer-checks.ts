import { deserializeCV } from '@stacks/transactions';
import { reprOf } from '../../spec/clarity-repr.ts';
import type { Problem } from '../../spec/responses.ts';
import { operation } from '../spec-context.ts';
import { finding, firstFew, objects, type MeaningCheck } from './meaning-check.ts';

/**
 * Meaning checks every operation's answer is held to, whatever it is about: its Cache-Control
 * header for its status, its `*_time_iso` fields against their `*_time`, and its Clarity values'
 * printed forms against their serializations.
 */

/** What every error may carry: the real service sets `no-store` first and an ETag step may replace it before the error. */
const ERROR_CACHE_CONTROL = ['no-store', 'public, no-cache, must-revalidate'];
const OK_CACHE_CONTROL = 'public, no-cache, must-revalidate';

function cacheable(value: string): boolean {
  return !/\bno-store\b/.test(value) && !/\bno-cache\b/.test(value);
}

const cacheControlByStatus: MeaningCheck = {
  name: 'cache_control_by_status',
  rule: 'Cache-Control is `public, no-cache, must-revalidate` on 200 (`no-store` on a 200 without an ETag: a principal the chain never saw); an error carries `no-store`, `public, no-cache, must-revalidate` or none, never a cacheable value',
  sources: [
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'Response headers on 200: `Cache-Control: public, no-cache, must-revalidate`, an `ETag`',
    },
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'So on an error a contract check may accept `no-store`, `public, no-cache, must-revalidate` or no header; it must never accept a cacheable error (`max-age`, `public` without `no-cache`).',
    },
  ],
  fields: ['* header cache-control'],
  check: (a) => {
    // A read's rule: a POST's answer (a broadcast, a fee estimate) is the node's, never cached.
    if (operation(a.operationId).method !== 'get') return [];
    const got = a.headers['cache-control'];
    const value = got?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (a.status === 200) {
      // The ETag step found nothing (a principal the chain never saw): no ETag, the service's default no-store.
      if (value === undefined || value === OK_CACHE_CONTROL) return [];
      if (value === 'no-store' && a.headers.etag === undefined) return [];
      return [
        {
          where: 'header cache-control',
          expected: `${OK_CACHE_CONTROL} on 200 (cache_control_by_status)`,
          actual: String(got),
        },
      ];
    }
    if (a.status < 400 || value === undefined || ERROR_CACHE_CONTROL.includes(value)) return [];
    return [
      {
        where: 'header cache-control',
        expected: `on ${a.status}: ${ERROR_CACHE_CONTROL.join(' or ')} or none${cacheable(value) ? ', never a cacheable error' : ''} (cache_control_by_status)`,
        actual: String(got),
      },
    ];
  },
};

const isoTimeMatchesEpoch: MeaningCheck = {
  name: 'iso_time_matches_epoch',
  rule: 'every `*_time_iso` is the same instant as its `*_time` in unix seconds; a time ≤ 0 (`parent_burn_block_time: 0`, an unanchored transaction\u2019s `burn_block_time: -1`) goes with `""`',
  sources: [
    {
      document: 'description',
      section: '2',
      line: 'The `*_time_iso` fields are strings holding a timestamp (ISO 8601 assumed by name only).',
    },
    {
      document: 'facts',
      section: 'Seen on real chain data',
      line: 'A confirmed transaction whose parent burn block is the chain\'s first has `"parent_burn_block_time": 0` and `"parent_burn_block_time_iso": ""`.',
    },
  ],
  fields: ['* **.*_time_iso', '* **.*_time'],
  check: (a) => {
    const out: Problem[] = [];
    for (const [path, o] of objects(a.body)) {
      for (const [key, iso] of Object.entries(o)) {
        if (!key.endsWith('_time_iso') || typeof iso !== 'string') continue;
        const epoch = o[key.slice(0, -'_iso'.length)];
        if (typeof epoch !== 'number') continue;
        // No time yet, or the chain's first burn block: the real service sends "" for a time ≤ 0.
        if (epoch <= 0 && iso === '') continue;
        if (Date.parse(iso) !== epoch * 1000)
          out.push(
            finding(
              'iso_time_matches_epoch',
              `${path}.${key} = ${new Date(epoch * 1000).toISOString()} (${key.slice(0, -4)} ${epoch})`,
              iso,
            ),
          );
      }
    }
    return firstFew(out);
  },
};

/** What a Clarity serialization prints as, or why it does not decode. */
function decodedRepr(hex: string): { repr: string } | { error: string } {
  try {
    return { repr: reprOf(deserializeCV(hex)) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

const clarityPairsDecode: MeaningCheck = {
  name: 'clarity_pairs_decode',
  rule: "every Clarity `{hex, repr}` pair (a result, a log, an argument, an NFT value, a post-condition\u2019s value; not a v3 token transfer\u2019s `memo`, the memo\u2019s raw bytes and their text) decodes, with @stacks/transactions\u2019 `deserializeCV`, to a value that prints as its own `repr`, principals quoted (`'SP…`)",
  sources: [
    {
      document: 'facts',
      section: 'Shared by all operations',
      line: 'Clarity values are `{hex, repr}` pairs: `hex` is the consensus serialization (`0x...`), `repr` its printed form, e.g. `0x0703` ↔ `(ok true)`, a uint ↔ `u100`.',
    },
    {
      document: 'facts',
      section: "More facts learned from the differential (v8.11.6, the mock's own chains)",
      line: "`repr` writes a principal with a leading quote (`'SP…`).",
    },
  ],
  fields: ['* **.hex', '* **.repr'],
  check: (a) => {
    const out: Problem[] = [];
    for (const [path, o] of objects(a.body)) {
      // A v3 transaction's memo is `{hex, repr}` of the memo's raw bytes, not a Clarity value.
      if (typeof o.hex !== 'string' || typeof o.repr !== 'string' || path.endsWith('.memo')) continue;
      const decoded = decodedRepr(o.hex);
      if ('error' in decoded)
        out.push(
          finding(
            'clarity_pairs_decode',
            `${path}.hex a Clarity serialization`,
            `${o.hex} (${decoded.error})`,
          ),
        );
      else if (decoded.repr !== o.repr)
        out.push(
          finding('clarity_pairs_decode', `${path}.repr ${decoded.repr} (what its hex decodes to)`, o.repr),
        );
    }
    return firstFew(out);
  },
};

export const EVERY_ANSWER_CHECKS: readonly MeaningCheck[] = [
  cacheControlByStatus,
  isoTimeMatchesEpoch,
  clarityPairsDecode,
];
