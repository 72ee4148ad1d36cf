import type { OperationId, UrlFor } from '../request/url.ts';
import { DECLARATIONS, type ValidRequest } from './declarations.ts';
import { holds, type Fact, type WorldView } from './world-view.ts';

export { DECLARATIONS, TRANSFER_PAYLOAD, type Declaration, type ValidRequest } from './declarations.ts';
export { holds, type Fact, type WorldView } from './world-view.ts';
export { examplesFrom, parameterExamples, type ExampleFacts, type Subject } from './parameter-examples.ts';

/** The valid requests of an operation in this world, or the facts the world view lacks for them. */
export type Built =
  { requests: ValidRequest[]; missing?: undefined } | { requests?: undefined; missing: Fact[] };

function isOperationId(operationId: string): operationId is OperationId {
  return Object.hasOwn(DECLARATIONS, operationId);
}

/** The operation's declared valid requests built on the view; an operation the spec lacks is an error. */
export function validRequests(operationId: string, view: WorldView): Built {
  if (!isOperationId(operationId))
    throw new Error(
      `no valid request declared for ${operationId}: add it to spec/valid-requests/declarations.ts`,
    );
  const declaration = DECLARATIONS[operationId];
  const missing = declaration.needs.filter((fact) => !holds(view, fact));
  return missing.length > 0 ? { missing } : { requests: declaration.requests(view) as ValidRequest[] };
}

/** Whether a request of the operation changes the chain (a broadcast, the faucet). */
export function changesChain(operationId: string): boolean {
  return isOperationId(operationId) && DECLARATIONS[operationId].changesChain === true;
}

/** The request target of a valid request (path and query), by the typed URL builder. */
export function validRequestUrl(urlFor: UrlFor, operationId: string, request: ValidRequest): string {
  return (urlFor as unknown as (id: string, params: ValidRequest) => string)(operationId, request);
}

/** A request's path and query parameters as a URL carries them: every value a string, a list repeated. */
export function stringParams(request: ValidRequest): {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
} {
  const str = (v: unknown): string | string[] => (Array.isArray(v) ? v.map(String) : String(v));
  const entries = (o: object | undefined) =>
    Object.entries(o ?? {}).filter(([, v]) => v !== undefined) as [string, unknown][];
  return {
    path: Object.fromEntries(entries(request.path).map(([k, v]) => [k, String(v)])),
    query: Object.fromEntries(entries(request.query).map(([k, v]) => [k, str(v)])),
  };
}
