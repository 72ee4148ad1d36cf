/** An answer as both services give it: the status and the parsed JSON body (undefined when none). */
export interface Answer {
  status: number;
  body: unknown;
}

/** One field that differs: its path with array positions as `[]`, and both values. */
export interface FieldDifference {
  field: string;
  mock: unknown;
  real: unknown;
}

const ABSENT = Symbol('absent');

/**
 * The fields in which two answers differ: `(status)` for the status, else each leaf (or each
 * key present on one side only, or a value whose JSON type differs) by its path. Key order is not
 * a difference (JSON objects are unordered); array order is.
 */
export function differences(mock: Answer, real: Answer): FieldDifference[] {
  const found: FieldDifference[] = [];
  if (mock.status !== real.status) found.push({ field: '(status)', mock: mock.status, real: real.status });
  walk(mock.body, real.body, '', found);
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
