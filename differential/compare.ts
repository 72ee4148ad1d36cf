import { createHash } from 'node:crypto';
import type { HttpResponse } from '../spec/http/response.ts';

/** The headers the differential compares: the deprecation `Warning`, `Cache-Control`, whether an `ETag` is sent, and `X-API-Version`. */
export interface AnswerHeaders {
  warning?: string;
  'cache-control'?: string;
  etag: boolean;
  'x-api-version'?: string;
}

/** What a conditional request with the answer's own ETag got: its status (304 expected) and whether it carries an ETag. */
export interface Revalidation {
  status: number;
  etag: boolean;
}

/**
 * An answer as the differential records it, not a second response type: the golden files
 * (fixtures/golden/) hold it as JSON, read back by later runs, so it keeps only what is compared,
 * in a form that survives the disk and the mock's id mapping: the status, the body parsed (its
 * text when not JSON, undefined when none), four headers (an `ETag` as whether one was sent, as
 * each side's tag differs), and what a second, conditional request got (`revalidated`). Golden
 * answers recorded before headers were compared have neither. Made from an `HttpResponse` by
 * `answerOf` alone.
 */
export interface Answer {
  status: number;
  body: unknown;
  headers?: AnswerHeaders;
  revalidated?: Revalidation;
  /**
   * In a golden file, an answer whose status and body equaled the mock's when it was recorded
   * keeps its body as this digest (`bodyDigestOf`) and no `body`: what is checked, equality, is
   * kept without the bytes.
   */
  bodyDigest?: string;
}

/** The SHA-256 of a body's JSON with its keys sorted: equal for bodies `differences` finds equal. */
export function bodyDigestOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body === undefined ? null : sortedKeys(body)))
    .digest('hex');
}

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortedKeys(o[k])]),
  );
}

/** The record of an answer: what the differential compares of it. */
export function answerOf(res: HttpResponse): Answer {
  const { headers } = res;
  const seen: AnswerHeaders = { etag: headers.etag !== undefined };
  if (headers.warning !== undefined) seen.warning = headers.warning;
  if (headers['cache-control'] !== undefined) seen['cache-control'] = headers['cache-control'];
  if (headers['x-api-version'] !== undefined) seen['x-api-version'] = headers['x-api-version'];
  const body: unknown = res.text === '' ? undefined : (res.body ?? res.text);
  return { status: res.status, body, headers: seen };
}

/** One field that differs: its path with array positions as `[]`, and both values. */
export interface FieldDifference {
  field: string;
  mock: unknown;
  real: unknown;
}

const ABSENT = Symbol('absent');

/**
 * The fields in which two answers differ: `(status)` for the status, each leaf of the body (or
 * each key present on one side only, or a value whose JSON type differs) by its path, then
 * `(body digest)` for a recorded body kept as its digest (which names no field: the differential's
 * report does), then `(header warning)`, `(header cache-control)`, `(header etag)`, `(header x-api-version)` when both sides were read with
 * headers, and `(304 status)`, `(304 etag)` when both revalidated. Key order is not a difference (JSON objects are
 * unordered); array order is.
 */
export function differences(mock: Answer, real: Answer): FieldDifference[] {
  const found: FieldDifference[] = [];
  if (mock.status !== real.status) found.push({ field: '(status)', mock: mock.status, real: real.status });
  if (real.bodyDigest === undefined) walk(mock.body, real.body, '', found);
  else if (bodyDigestOf(mock.body) !== real.bodyDigest)
    found.push({ field: '(body digest)', mock: bodyDigestOf(mock.body), real: real.bodyDigest });
  if (mock.headers && real.headers)
    for (const name of ['warning', 'cache-control', 'etag', 'x-api-version'] as const) {
      if (mock.headers[name] !== real.headers[name])
        found.push({ field: `(header ${name})`, mock: mock.headers[name], real: real.headers[name] });
    }
  // Each side revalidates with its own ETag; one without an ETag is already `(header etag)`.
  const m = mock.revalidated;
  const r = real.revalidated;
  if (m && r) {
    if (m.status !== r.status) found.push({ field: '(304 status)', mock: m.status, real: r.status });
    else if (m.etag !== r.etag) found.push({ field: '(304 etag)', mock: m.etag, real: r.etag });
  }
  return found;
}

function kind(v: unknown): string {
  if (v === ABSENT) return 'absent';
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

function walk(a: unknown, b: unknown, path: string, out: FieldDifference[]): void {
  const ka = kind(a);
  if (ka !== kind(b)) {
    out.push({
      field: path || '(body)',
      mock: a === ABSENT ? undefined : a,
      real: b === ABSENT ? undefined : b,
    });
    return;
  }
  if (ka === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) out.push({ field: `${path}.length`, mock: x.length, real: y.length });
    for (let i = 0; i < Math.min(x.length, y.length); i++) walk(x[i], y[i], `${path}[]`, out);
    return;
  }
  if (ka === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)]))
      walk(
        key in x ? x[key] : ABSENT,
        key in y ? y[key] : ABSENT,
        path ? `${path}.${fieldKey(key)}` : fieldKey(key),
        out,
      );
    return;
  }
  if (a !== b) out.push({ field: path || '(body)', mock: a, real: b });
}

/** Keys that are data, not names (tx/multiple keys its answer by transaction id), read as one field. */
function fieldKey(key: string): string {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(key) ? '{tx_id}' : key;
}
