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
 * An answer as both services give it: the status and the parsed JSON body (undefined when none);
 * the compared headers and the revalidation when they were read (golden answers recorded before
 * headers were compared have neither).
 */
export interface Answer {
  status: number;
  body: unknown;
  headers?: AnswerHeaders;
  revalidated?: Revalidation;
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
 * `(header warning)`, `(header cache-control)`, `(header etag)`, `(header x-api-version)` when both sides were read with
 * headers, and `(304 status)`, `(304 etag)` when both revalidated. Key order is not a difference (JSON objects are
 * unordered); array order is.
 */
export function differences(mock: Answer, real: Answer): FieldDifference[] {
  const found: FieldDifference[] = [];
  if (mock.status !== real.status) found.push({ field: '(status)', mock: mock.status, real: real.status });
  walk(mock.body, real.body, '', found);
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
