import { fillPath, listOperations, loadSpec, type Operation, type Parameter } from '../spec/load.ts';
import { ResponseChecker } from '../spec/response-checker.ts';
import { createSpecAjv } from '../spec/schemas.ts';

/** The spec, its operations and the validators compiled from it: the suite's only source of expectations. */
export const doc = loadSpec();
export const operations: Operation[] = listOperations(doc);
export const specAjv = createSpecAjv(doc);
export const checker = new ResponseChecker(doc, specAjv);

export function operation(operationId: string): Operation {
  const found = operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in spec/openapi.yaml`);
  return found;
}

/** The operation's description, where the spec states what its schema cannot (order, selectors). */
export function operationDescription(op: Operation): string {
  const item = doc.paths?.[op.path] as Record<string, { description?: string }> | undefined;
  return item?.[op.method]?.description ?? '';
}

export function parameter(op: Operation, name: string): Parameter | undefined {
  return op.parameters.find((p) => p.name === name);
}

export type Query = Record<string, string | string[]>;

/** The request path of an operation with its path parameters filled in, and the query in the given order. */
export function requestPath(op: Operation, path: Record<string, string>, query: Query = {}): string {
  const filled = fillPath(op.path, (name) => {
    const value = path[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (v) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`,
    ),
  );
  return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
}
