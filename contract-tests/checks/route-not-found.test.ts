import { describe, expect, test } from 'vitest';
import { HttpResponse } from '../../spec/http/response.ts';
import { routeNotFoundProblems } from './route-not-found.ts';

const target = '/extended/v3/principals/ST1HB1T8WRNBYB0Y3T7WXZS38NKKPTBR3EG9EPJKR/transactions?limit=20';
const request = { method: 'get', target };
const routerBody = { message: `Route GET:${target} not found`, error: 'Not Found', statusCode: 404 };
function answer(status: number, body: unknown): HttpResponse {
  return new HttpResponse(status, [], JSON.stringify(body));
}

describe('routeNotFoundProblems', () => {
  test("the router's not-found for the request passes", () => {
    expect(routeNotFoundProblems(request, answer(404, routerBody))).toEqual([]);
  });

  test('a release that serves the route (200) fails on the status', () => {
    const problems = routeNotFoundProblems(request, answer(200, { results: [] }));
    expect(problems.map((p) => p.where)).toEqual(['status']);
  });

  test("a 404 of the operation's own (not the router's) fails on the body", () => {
    const body = { error: 'Principal not found' };
    expect(routeNotFoundProblems(request, answer(404, body)).map((p) => p.where)).toEqual(['body']);
  });

  test('a not-found naming another request or with a key more fails', () => {
    const other = { ...routerBody, message: 'Route GET:/extended/v3/other not found' };
    const more = { ...routerBody, extra: 1 };
    expect(routeNotFoundProblems(request, answer(404, other))).toHaveLength(1);
    expect(routeNotFoundProblems(request, answer(404, more))).toHaveLength(1);
  });
});
