import { fillPath, listOperations, loadSpec, type Operation, type Parameter } from '../spec/load.ts';
import { ResponseChecker } from '../spec/response-checker.ts';
import { operationAsOf, servedBy } from '../spec/releases/releases.ts';
import { createSpecAjv } from '../spec/schemas.ts';

/** The spec, its operations and the validators compiled from it: the suite's only source of expectations. */
export const doc = loadSpec();
export const operations: Operation[] = listOperations(doc);
// A run compiles each schema it meets (every run of the self-test again, in a worker of its own)
// and checks a few answers with it: ajv's optimising passes took a third of the compile time.
export const specAjv = createSpecAjv(doc, { code: { optimize: false } });
export const checker = new ResponseChecker(doc, specAjv);

// On globalThis so every test file of the single worker judges by the same release.
const RELEASE = Symbol.for('contract-tests.served-release');
const state = globalThis as typeof globalThis & { [RELEASE]?: string };

/**
 * The release the target says it runs (`major.minor.patch`), or undefined for the spec as written:
 * from then on `operation` gives each operation as that release serves it.
 */
export function serveAsRelease(version: string | undefined): void {
  state[RELEASE] = version;
}

/** The operation as the target's release serves it (deprecated or not, its parameters); the spec's own before the release is read. */
export function operation(operationId: string): Operation {
  const found = operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in spec/openapi.yaml`);
  const version = state[RELEASE];
  return version === undefined ? found : operationAsOf(found, version);
}

/**
 * Whether the target's release serves the operation, by the rule the mock routes by (`x-releases`,
 * spec/releases/releases.ts's `servedBy`); the spec as written, before the release is read, serves all.
 */
export function isServed(operationId: string): boolean {
  const found = operations.find((o) => o.operationId === operationId);
  const version = state[RELEASE];
  return found !== undefined && (version === undefined || servedBy(found, version));
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
