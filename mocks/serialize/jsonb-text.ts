/**
 * JSON text as the real service answers a value it keeps in a PostgreSQL `jsonb` column (a
 * contract's interface): it reads the value back and `JSON.stringify`s it, so object keys come in
 * jsonb's own order at every depth (shorter keys first, keys of one length in byte order), not in
 * the order they were written; arrays keep theirs.
 */
export function jsonbText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => jsonbText(item ?? null)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => byJsonbKey(a, b));
  return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${jsonbText(v)}`).join(',')}}`;
}

const utf8 = new TextEncoder();

function byJsonbKey(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  if (x.length !== y.length) return x.length - y.length;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return 0;
}
