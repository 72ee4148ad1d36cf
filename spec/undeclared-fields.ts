import { isRef, resolve, type Document, type Schema } from './load.ts';

/**
 * The fields of a JSON value that its schema in the spec does not declare, as paths like
 * `results[].tx.memo` (`[]` an array item, `{*}` a map value). A field counts as declared where
 * any branch of a composition (`allOf`, `oneOf`, `anyOf`) names it, or where a schema's
 * `additionalProperties` gives a schema for extra keys. The spec admits undeclared fields, so a
 * hit is a drift finding (the live service says more than the spec), not a schema failure.
 */
export function undeclaredFields(doc: Document, schema: unknown, value: unknown): string[] {
  const found = new Set<string>();
  visit(doc, flatten(doc, [schema]), value, '', 0, found);
  return [...found].sort();
}

const MAX_DEPTH = 24;

/** `flatten` of one schema object, which belongs to one document: the same every time it is asked. */
const FLAT = new WeakMap<object, Schema[]>();

/** The schema itself and every schema its compositions bring in, resolved. */
function flatten(doc: Document, schemas: unknown[]): Schema[] {
  const [only] = schemas;
  if (schemas.length !== 1 || typeof only !== 'object' || only === null) return flattenNow(doc, schemas);
  let flat = FLAT.get(only);
  if (!flat) FLAT.set(only, (flat = flattenNow(doc, schemas)));
  return flat;
}

function flattenNow(doc: Document, schemas: unknown[]): Schema[] {
  const out: Schema[] = [];
  const seen = new Set<unknown>();
  const queue = [...schemas];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined || typeof next !== 'object' || next === null) continue;
    const schema = isRef(next) ? resolve<Schema>(doc, next) : (next as Schema);
    if (seen.has(schema)) continue;
    seen.add(schema);
    out.push(schema);
    queue.push(...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []));
  }
  return out;
}

// `parts` come flattened: a page's items share theirs, flattened once for all of them (a response
// walk was a good part of a short suite run's CPU).
function visit(
  doc: Document,
  parts: Schema[],
  value: unknown,
  path: string,
  depth: number,
  found: Set<string>,
): void {
  if (depth >= MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const items = flatten(
      doc,
      parts.flatMap((s) => ('items' in s && s.items ? [s.items] : [])),
    );
    for (const item of value) visit(doc, items, item, `${path}[]`, depth + 1, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  let extra: Schema[] | undefined;
  for (const [key, child] of Object.entries(value)) {
    const declaring = parts.flatMap((s) => (s.properties && key in s.properties ? [s.properties[key]] : []));
    if (declaring.length > 0) {
      visit(doc, flatten(doc, declaring), child, path ? `${path}.${key}` : key, depth + 1, found);
      continue;
    }
    extra ??= flatten(
      doc,
      parts.flatMap((s) => (typeof s.additionalProperties === 'object' ? [s.additionalProperties] : [])),
    );
    if (extra.length > 0) visit(doc, extra, child, `${path}{*}`, depth + 1, found);
    else found.add(path ? `${path}.${key}` : key);
  }
}

/** The switch: `UNDOCUMENTED_FIELDS=fail` makes undeclared fields failures instead of drift findings. */
export function undocumentedFieldsFail(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.UNDOCUMENTED_FIELDS?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'report') return false;
  if (value === 'fail') return true;
  throw new Error(`UNDOCUMENTED_FIELDS=${env.UNDOCUMENTED_FIELDS}: use "report" (the default) or "fail"`);
}
