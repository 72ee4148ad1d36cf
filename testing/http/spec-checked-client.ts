import type { RequestListener } from 'node:http';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { operationMatcher } from '../../spec/load.ts';
import { problemsWithAnswer } from './answer-checks.ts';

const operationFor = operationMatcher();

/**
 * The one HTTP client (spec/http/client.ts) for the mock, whose every answer is validated against
 * the spec: an API route's response must be documented for its operation (status, body schema,
 * required headers), and any error must carry the shared error body. A test fails on the first
 * response that does not conform, whatever else it asserts.
 */
export function specCheckedClient(app: RequestListener) {
  const client = httpClient(app);
  return async (
    url: string,
    headers: Record<string, string> = {},
    method: 'get' | 'post' | 'put' | 'delete' | 'head' = 'get',
  ): Promise<HttpResponse> => {
    const res = await client.send({ method: method.toUpperCase(), target: url, headers });
    // A HEAD answer has no body to check, and another method than GET is not the operation.
    if (method !== 'head') {
      const op = method === 'get' ? operationFor(new URL(url, 'http://mock').pathname) : undefined;
      const problems = problemsWithAnswer(op, res);
      if (problems.length) {
        throw new Error(
          `${op?.operationId ?? method.toUpperCase()} ${url} → ${res.status} does not conform to the spec:\n  ${problems.join('\n  ')}`,
        );
      }
    }
    return res;
  };
}

/**
 * `url`'s body through `get`, a spec-checked client, once its status is `status`: how the route
 * tests read an answer. A wrong status fails the test with the URL and both statuses.
 */
export function specCheckedBody<Body>(get: ReturnType<typeof specCheckedClient>) {
  return async (url: string, status = 200): Promise<Body> => {
    const res = await get(url);
    if (res.status !== status) throw new Error(`${url} answered ${res.status}, not ${status}`);
    return res.body as Body;
  };
}
