import type { Problem } from '../../spec/responses.ts';

/** What is checked of a route-not-found answer: the request's method and target, what came back. */
export interface RouteNotFoundAnswer {
  method: string;
  /** The request target, path and query, as sent. */
  url: string;
  status: number;
  body: unknown;
}

/**
 * The findings on an answer to a route the target's release does not serve (`x-releases`): its
 * router's not-found, as the real service (Fastify's default handler) writes it: 404 and
 * `{"message":"Route GET:<target> not found","error":"Not Found","statusCode":404}`. The
 * operation's documented responses do not apply: the release has no such operation.
 */
export function routeNotFoundProblems(answer: RouteNotFoundAnswer): Problem[] {
  const routeMessage = `Route ${answer.method.toUpperCase()}:${answer.url} not found`;
  const expected = `{"message":"${routeMessage}","error":"Not Found","statusCode":404}`;
  if (answer.status !== 404)
    return [{ where: 'status', expected: "404 (the router's not-found)", actual: String(answer.status) }];
  const body = answer.body as Record<string, unknown> | null | undefined;
  const keys = typeof body === 'object' && body !== null ? Object.keys(body).sort().join(',') : '';
  const faithful =
    keys === 'error,message,statusCode' &&
    body?.message === routeMessage &&
    body.error === 'Not Found' &&
    body.statusCode === 404;
  return faithful
    ? []
    : [
        {
          where: 'body',
          expected: `the router's not-found ${expected}`,
          actual: JSON.stringify(answer.body) ?? 'no body',
        },
      ];
}
