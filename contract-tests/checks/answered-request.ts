import type { Operation } from '../../spec/load.ts';
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

/** The path parameters of `url` read back through the operation's path template. */
function pathParameters(op: Operation, pathname: string): Record<string, string> {
  const names: string[] = [];
  const pattern = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name) => {
    names.push(String(name));
    return '([^/]+)';
  });
  const match = new RegExp(`${pattern}$`).exec(pathname);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match?.[i + 1] ?? '')]));
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
