import type { Operation } from '../../spec/document.ts';

/** The text of the `Warning: 299` on deprecated routes: the replacement's routes from `x-replaced-by`. */
export function deprecationWarning(op: Operation, known: Set<string>): string {
  const by = op.replacedBy;
  const replacement = by?.routes?.length
    ? by.routes.join(' and ')
    : by?.operationId && known.has(by.operationId)
      ? by.operationId
      : undefined;
  return `299 - "Deprecated: ${replacement ? `use ${replacement}` : 'see the API documentation'}"`;
}
