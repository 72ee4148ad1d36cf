import type { RequestHandler } from 'express';
import type { Operation } from '../../spec/load.ts';

/** The text of the `Warning: 299` the real service adds on deprecated routes, from `x-replaced-by`. */
export function deprecationWarning(op: Operation, known: Set<string>): string {
  const by = op.replacedBy;
  const clause = by?.description?.split(/[.;]/)[0]?.trim();
  // A description reads as a sentence; after "use" its first word is not a sentence start.
  const replacement =
    by?.operationId && known.has(by.operationId)
      ? by.operationId
      : clause && clause[0]!.toLowerCase() + clause.slice(1);
  return `299 - "Deprecated: ${replacement ? `use ${replacement}` : 'see the API documentation'}"`;
}

export function deprecation(op: Operation, known: Set<string>): RequestHandler {
  const warning = deprecationWarning(op, known);
  return (_req, res, next) => {
    res.set('Warning', warning);
    next();
  };
}
