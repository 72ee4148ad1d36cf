import type { Variant, VariantResponse } from './variant-server.ts';

type Json = Record<string, unknown>;
function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const OK_CACHE = 'public, no-cache, must-revalidate';
function lastSegment(url: URL, fromEnd = 0): string {
  const parts = url.pathname.split('/');
  return decodeURIComponent(parts[parts.length - 1 - fromEnd] ?? '');
}
function isTxId(v: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(v);
}

/** The real service's answer to input it fails on: 500, and none of a 200's caching headers. */
function serverError(r: VariantResponse, message: string): void {
  r.status = 500;
  r.body = { statusCode: 500, error: 'Internal Server Error', message };
  r.headers['cache-control'] = 'no-store';
  delete r.headers.etag;
}

/**
 * Cache-Control on errors as the real service sends it (facts, corrected): none on a request
 * refused by schema validation, `public, no-cache, must-revalidate` on an error operation 7 raises
 * after its ETag step (an `until_block` it cannot use), `no-store` elsewhere.
 */
function realErrorCaching(r: VariantResponse): void {
  if (r.status < 400 || !isObject(r.body)) return;
  if (r.body.code === 'FST_ERR_VALIDATION') delete r.headers['cache-control'];
  else if (r.operationId === 'get_account_balance' && r.url.searchParams.has('until_block'))
    r.headers['cache-control'] = OK_CACHE;
}

/** A 200 with an empty page where the contract wants 400. */
function emptyPage(r: VariantResponse): void {
  const limit = Number(r.url.searchParams.get('limit') || '20');
  r.status = 200;
  r.body = { limit, offset: Number(r.url.searchParams.get('offset') ?? '0'), total: 0, results: [] };
  r.headers['cache-control'] = OK_CACHE;
  r.headers.etag = '"empty-page"';
}

/**
 * The mock with exactly the known deviations of the real service (v8.11.6 on its own test chain),
 * as the service facts list them and `fixtures/targets/mainnet-staging.example.json` names them.
 * With those deviations listed the suite must pass against it, and without them fail on them
 * alone: that is the proof a staging run fails on nothing else.
 */
export const REAL_SERVICE: Variant = {
  name: 'real-service-deviations',
  breaks: 'the known deviations of the real service, and nothing else',
  caughtBy: [],
  response: (r) => {
    if (r.status === 304) delete r.headers.etag;
    if (r.body === undefined) return;
    const q = r.url.searchParams;
    realErrorCaching(r);
    switch (r.operationId) {
      case 'get_block': {
        const asked = lastSegment(r.url);
        if (/^-\d+$/.test(asked) || /^(0x)?[0-9a-fA-F]{63}$/.test(asked))
          serverError(r, 'Invalid block height or hash');
        else if (
          r.status === 200 &&
          isObject(r.body) &&
          /^(0x)?[0-9a-fA-F]{64}$/.test(asked) &&
          r.body.hash === `0x${asked.replace(/^0x/, '').toLowerCase()}`
        ) {
          r.headers['cache-control'] = 'no-store';
          delete r.headers.etag;
        }
        return;
      }
      case 'get_account_transactions_with_transfers':
        if (/^0x[0-9a-fA-F]{63}$/.test(q.get('until_block') ?? ''))
          serverError(r, 'Hex string is an odd number of digits');
        else if (q.get('height') === '-1') emptyPage(r);
        return;
      case 'get_account_balance':
        // Raised after the route's ETag step: it keeps the 200's Cache-Control (facts, corrected).
        if (/^0x[0-9a-fA-F]{63}$/.test(q.get('until_block') ?? '')) {
          serverError(r, 'Hex string is an odd number of digits');
          r.headers['cache-control'] = OK_CACHE;
        }
        return;
      case 'get_address_transaction_events':
        if (!isTxId(lastSegment(r.url, 1))) serverError(r, 'Hex string is missing the "0x" prefix');
        else if (r.status === 400 && isObject(r.body) && /^invalid STX address/.test(String(r.body.message)))
          emptyPage(r);
        return;
      case 'get_single_transaction_with_transfers':
        if (!/^(0x)?[0-9a-fA-F]{64}$/.test(lastSegment(r.url, 1))) serverError(r, 'Invalid transaction id');
        return;
      case 'get_tx_list_details':
        if (r.status === 404) {
          const ids = q.getAll('tx_id').flatMap((v) => v.split(','));
          r.status = 200;
          r.body = Object.fromEntries(ids.map((id) => [id, { found: false, result: { tx_id: id } }]));
          r.headers['cache-control'] = OK_CACHE;
          r.headers.etag = '"none-found"';
        }
        return;
    }
  },
};
