import { isRef, resolve, type Document, type Operation, type Schema } from '../../spec/load.ts';

/** One response field of an operation, as the spec declares it. */
export interface SpecField {
  /** `results[].tx.fee_rate`: `[]` an array item, `{*}` a map value; `header <name>` for a header. */
  path: string;
  /** The schema's constraints in a few words: types, then enum, pattern, format or bounds. */
  schema: string;
}

const MAX_DEPTH = 12;

/** The schema with every schema its compositions bring in, resolved. */
function parts(doc: Document, schema: unknown): Schema[] {
  const out: Schema[] = [];
  const seen = new Set<unknown>();
  const queue = [schema];
  while (queue.length > 0) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null) continue;
    const s = isRef(next) ? resolve<Schema>(doc, next) : (next as Schema);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(s);
    queue.push(...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? []));
  }
  return out;
}

function describe(all: Schema[]): string {
  const types = new Set<string>();
  const notes = new Set<string>();
  for (const s of all) {
    for (const t of [s.type ?? []].flat()) types.add(String(t));
    if (s.enum) notes.add(`one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (s.const !== undefined) notes.add(`= ${JSON.stringify(s.const)}`);
    if (s.pattern) notes.add(`pattern \`${s.pattern}\``);
    if (s.format) notes.add(`format ${s.format}`);
    if (s.minimum !== undefined) notes.add(`≥ ${s.minimum}`);
    if (s.maximum !== undefined) notes.add(`≤ ${s.maximum}`);
  }
  return [[...types].sort().join(' | ') || 'any', ...notes].join('; ');
}

/**
 * A recursive schema (a Clarity type holds Clarity types) is listed down to where it first
 * repeats itself: its fields there are the ones already listed above (`ancestors`), and walking
 * every branch of every level would take exponential time.
 */
function walk(
  doc: Document,
  schema: unknown,
  path: string,
  out: Map<string, Schema[]>,
  depth: number,
  ancestors: ReadonlySet<Schema> = new Set(),
): void {
  const all = parts(doc, schema);
  if (path) out.set(path, [...(out.get(path) ?? []), ...all]);
  if (depth > MAX_DEPTH || all.some((s) => ancestors.has(s))) return;
  const within = new Set([...ancestors, ...all]);
  const properties = new Map<string, unknown[]>();
  for (const s of all) {
    for (const [key, child] of Object.entries(s.properties ?? {}))
      properties.set(key, [...(properties.get(key) ?? []), child]);
    const items = 'items' in s ? s.items : undefined;
    if (items && typeof items === 'object') walk(doc, items, `${path}[]`, out, depth + 1, within);
    if (typeof s.additionalProperties === 'object')
      walk(doc, s.additionalProperties, `${path}{*}`, out, depth + 1, within);
  }
  for (const [key, children] of properties)
    for (const child of children) walk(doc, child, path ? `${path}.${key}` : key, out, depth + 1, within);
}

/** Every field of the operation's 200 answer, body and declared headers, in the spec's order. */
export function specFields(doc: Document, op: Operation): SpecField[] {
  const ok = op.responses['200'];
  if (!ok) return [];
  const response = isRef(ok) ? resolve<typeof ok>(doc, ok) : ok;
  const found = new Map<string, Schema[]>();
  const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
    'application/json'
  ]?.schema;
  if (schema) walk(doc, schema, '', found, 0);
  const headers = Object.entries((response as { headers?: Record<string, unknown> }).headers ?? {}).map(
    ([name, h]): SpecField => {
      const header = (isRef(h) ? resolve<{ schema?: unknown }>(doc, h) : h) as { schema?: unknown };
      return { path: `header ${name.toLowerCase()}`, schema: describe(parts(doc, header.schema)) };
    },
  );
  return [...[...found].map(([path, all]) => ({ path, schema: describe(all) })), ...headers];
}
