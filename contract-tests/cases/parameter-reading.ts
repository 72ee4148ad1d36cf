import { resolve, type Schema } from '../../spec/load.ts';
import { doc, specAjv } from '../spec-context.ts';

/** Every typed value a URL string can stand for: itself, a number, a boolean. */
function readings(raw: string): unknown[] {
  const out: unknown[] = [raw];
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) out.push(Number(raw));
  if (raw === 'true' || raw === 'false') out.push(raw === 'true');
  return out;
}

function fits(schema: unknown, value: unknown): boolean {
  return specAjv.compile(schema)(value) as boolean;
}

/**
 * Whether the spec accepts this raw path or query value for a parameter: some typed reading of
 * the string (for an exploded array, of each item) validates against the parameter's schema.
 * The suite reads parameters itself rather than trust the mock's reading of them.
 */
export function accepts(schema: unknown, raw: string | string[]): boolean {
  const s = resolve<Schema>(doc, schema as Schema);
  if (s.type === 'array') {
    const items = Array.isArray(raw) ? raw : [raw];
    const { items: itemSchema, ...list } = s;
    return (
      fits({ ...list, items: {} }, items) &&
      items.every((item) => readings(item).some((r) => fits(itemSchema ?? {}, r)))
    );
  }
  return typeof raw === 'string' && readings(raw).some((r) => fits(schema, r));
}
