import type { Express } from 'express';
import request from 'supertest';
import { listOperations, loadSpec, type Operation } from '../../spec/load.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { ResponseChecker } from '../../spec/responses.ts';

const doc = loadSpec();
const ops = listOperations(doc);
const specAjv = createSpecAjv(doc);
const checker = new ResponseChecker(doc, specAjv);
const errorSchema = specAjv.component('ErrorResponse');
const routes = ops.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export function operationForPath(pathname: string): Operation | undefined {
  return routes.find((r) => r.pattern.test(pathname))?.op;
}

export interface CheckedResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/**
 * A supertest client for the mock whose every answer is validated against the spec: an API
 * route's response must be documented for its operation (status, body schema, required
 * headers), and any other error must carry the shared error body. A test fails on the first
 * response that does not conform, whatever else it asserts.
 */
export function specCheckedClient(app: Express) {
  return async (url: string, headers: Record<string, string> = {}, method: 'get' | 'post' | 'put' | 'delete' | 'head' = 'get'): Promise<CheckedResponse> => {
    let req = request(app)[method](url);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    const res = await req;
    const out: CheckedResponse = { status: res.status, headers: res.headers as Record<string, string>, body: res.body, text: res.text ?? '' };
    const pathname = new URL(url, 'http://mock').pathname;
    const op = operationForPath(pathname);
    if (op && method === 'get' && res.status !== 405) {
      const problems = checker.check(op, { status: res.status, headers: out.headers, body: res.body, text: out.text });
      if (problems.length) {
        throw new Error(`${op.operationId} GET ${url} → ${res.status} does not conform to the spec:\n` + problems.map((p) => `  ${p.where}: expected ${p.expected}, got ${p.actual}`).join('\n'));
      }
    } else if (res.status >= 400 && method !== 'head' && !errorSchema(res.body)) {
      throw new Error(`${method.toUpperCase()} ${url} → ${res.status} without the shared error body: ${out.text.slice(0, 200)}`);
    }
    return out;
  };
}
