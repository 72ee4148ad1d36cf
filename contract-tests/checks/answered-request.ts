import type { Operation } from '../../spec/load.ts';
import { routerOf, type Routed } from '../../spec/request/routing.ts';
import type { Exchange } from '../http/client.ts';

/** One answer as a meaning check sees it: the request it answers, and what came back. */
export interface AnsweredRequest {
  operationId: string;
  /** Path parameters, decoded, as the request sent them. */
  path: Record<string, string>;
  query: URLSearchParams;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type Json = Record<string, unknown>;

export function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Each operation's path, as the one router matches it (compiled once per operation). */
const routers = new WeakMap<Operation, (pathname: string) => Routed<Operation> | undefined>();

/** The path parameters of `url` read back through the operation's path template. */
function pathParameters(op: Operation, pathname: string): Record<string, string> {
  let route = routers.get(op);
  if (!route) routers.set(op, (route = routerOf([op])));
  return route(pathname)?.params ?? {};
}

export function answeredRequest(
  op: Operation,
  url: string,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): AnsweredRequest {
  const parsed = new URL(url, 'http://target');
  return {
    operationId: op.operationId,
    path: pathParameters(op, parsed.pathname),
    query: parsed.searchParams,
    status,
    headers,
    body,
  };
}

/** An exchange of the suite's client as the checks see it. */
export function answerOf(ex: Exchange): AnsweredRequest {
  return answeredRequest(ex.operation, ex.target, ex.status, ex.headers, ex.body);
}
