import type { OrderDeclaration } from '../../spec/document.ts';
import type { Problem } from '../../spec/responses.ts';
import { operations } from '../spec-context.ts';

/**
 * The order a paginated operation documents (the spec's `x-order`): the words of the spec that
 * say it (the house rules check the description still says them), the key that identifies an
 * item, and how two neighbours must compare.
 */
export interface Ordering {
  specSays: string;
  key(item: unknown): string;
  /** A finding when `a` must not come before `b`. */
  outOfOrder(a: unknown, b: unknown): string | undefined;
}

/** The value at a dotted path of an item (`tx.block_height`). */
function at(item: unknown, path: string): unknown {
  let node = item;
  for (const step of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[step] : undefined;
  return node;
}

/** An `x-order` as a comparison: the fields in turn; ties are in order unless the order is unique. */
export function orderingOf(order: OrderDeclaration): Ordering {
  const valueOf = (item: unknown, f: OrderDeclaration['by'][number]): number | string => {
    const v = at(item, f.field);
    if (typeof v === 'number') return v;
    const text = typeof v === 'string' ? v : '';
    return f.case === 'insensitive' ? text.toLowerCase() : text;
  };
  const key = (item: unknown): string => String(at(item, order.key));
  const shown = (item: unknown): string => {
    const fields = order.by.filter((f) => f.field !== order.key);
    return fields.length === 0
      ? `${order.key} ${key(item)}`
      : `${key(item)} (${fields.map((f) => `${f.field} ${String(at(item, f.field))}`).join(', ')})`;
  };
  return {
    specSays: order.says,
    key,
    outOfOrder: (a, b) => {
      for (const f of order.by) {
        const [x, y] = [valueOf(a, f), valueOf(b, f)];
        if (x === y) continue;
        return (f.order === 'ascending' ? x < y : x > y) ? undefined : `${shown(a)} before ${shown(b)}`;
      }
      return order.unique ? `${shown(a)} before ${shown(b)}` : undefined;
    },
  };
}

/** The order of every operation whose pages the spec orders, by operationId. */
export const ORDERINGS: Record<string, Ordering> = Object.fromEntries(
  operations.flatMap((op) => (op.order ? [[op.operationId, orderingOf(op.order)]] : [])),
);

/** Order findings over a list that must follow `ordering` from first to last item. */
export function orderFindings(ordering: Ordering, items: unknown[], where: string): Problem[] {
  const findings: Problem[] = [];
  for (let i = 1; i < items.length; i++) {
    const wrong = ordering.outOfOrder(items[i - 1], items[i]);
    if (wrong)
      findings.push({
        where,
        expected: ordering.specSays.replace(/\s+/g, ' '),
        actual: `at position ${i}: ${wrong}`,
      });
  }
  return findings.slice(0, 3);
}
