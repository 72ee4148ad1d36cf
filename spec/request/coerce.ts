import { resolve, type Document, type Schema } from '../document.ts';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function types(schema: Schema): string[] {
  const t = (schema as { type?: string | string[] }).type;
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
}

/**
 * Turns query and path strings into the JSON types the parameter's schema asks for, strictly:
 * only plain decimal digits become numbers and only `true`/`false` booleans. (ajv's own coercion
 * reads `0x10` as 16 and, inside `anyOf`, coerces in a branch that later fails.) For `anyOf` and
 * `oneOf` the first branch whose coerced value validates wins; anything that does not fit is left
 * as it came, for validation to reject with the spec's message.
 */
export function coerceParameter(
  doc: Document,
  schemaOrRef: unknown,
  raw: unknown,
  fits: (schema: unknown, value: unknown) => boolean,
): unknown {
  const schema = resolve<Schema>(doc, schemaOrRef as Schema);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (branches) {
    for (const branch of branches) {
      const value = coerceParameter(doc, branch, raw, fits);
      if (fits(branch, value)) return value;
    }
    return raw;
  }
  const wanted = types(schema);
  if (wanted.includes('array')) {
    const items = (schema as { items?: unknown }).items;
    return (Array.isArray(raw) ? raw : [raw]).map((item) =>
      items ? coerceParameter(doc, items, item, fits) : item,
    );
  }
  if (Array.isArray(raw)) return raw.length === 1 ? coerceParameter(doc, schema, raw[0], fits) : raw;
  if (typeof raw !== 'string') return raw;
  if (wanted.includes('integer') && INTEGER.test(raw)) return Number(raw);
  if (wanted.includes('number') && NUMBER.test(raw)) return Number(raw);
  if (wanted.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
