import type { RequestListener } from 'node:http';
import request from 'supertest';
import { operationMatcher } from '../../spec/load.ts';
import { problemsWithAnswer } from './answer-checks.ts';

const operationFor = operationMatcher();

export interface CheckedResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/**
 * A supertest client for the mock whose every answer is validated against the spec: an API
 * route's response must be documented for its operation (status, body schema, required
 * headers), and any error must carry the shared error body. A test fails on the first response
 * that does not conform, whatever else it asserts.
 */
export function specCheckedClient(app: RequestListener) {
  return async (
    url: string,
    headers: Record<string, string> = {},
    method: 'get' | 'post' | 'put' | 'delete' | 'head' = 'get',
  ): Promise<CheckedResponse> => {
    let req = request(app)[method](url);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const res = await req;
    const out: CheckedResponse = {
      status: res.status,
      headers: res.headers as Record<string, string>,
      body: res.body,
      text: res.text ?? '',
    };
    // A HEAD answer has no body to check, and another method than GET is not the operation.
    if (method !== 'head') {
      const op = method === 'get' ? operationFor(new URL(url, 'http://mock').pathname) : undefined;
      const problems = problemsWithAnswer(op, out);
      if (problems.length) {
        throw new Error(
          `${op?.operationId ?? method.toUpperCase()} ${url} → ${res.status} does not conform to the spec:\n  ${problems.join('\n  ')}`,
        );
      }
    }
    return out;
  };
}
