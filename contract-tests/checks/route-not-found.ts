import type { HttpRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import type { Problem } from '../../spec/responses.ts';

/**
 * The findings on an answer to a route the target's release does not serve (`x-releases`): its
 * router's not-found, as the real service (Fastify's default handler) writes it: 404 and
 * `{"message":"Route GET:<target> not found","error":"Not Found","statusCode":404}`. The
 * operation's documented responses do not apply: the release has no such operation.
 */
export function routeNotFoundProblems(request: HttpRequest, answer: HttpResponse): Problem[] {
  const routeMessage = `Route ${request.method.toUpperCase()}:${request.target} not found`;
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
          actual: answer.text || 'no body',
        },
      ];
}
