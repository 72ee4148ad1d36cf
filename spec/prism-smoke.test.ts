import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type Operation, type Parameter } from './load.ts';
import { startPrism, type RunningPrism } from './prism/start-prism.ts';
import { httpClient, type HttpClient } from './http/client.ts';
import { ResponseChecker } from './response-checker.ts';

const doc = loadSpec();
const checker = new ResponseChecker(doc);

/** The parameter's `example`, or the first of its `examples`. */
function exampleOf(param: Parameter): unknown {
  if (param.example !== undefined) return param.example;
  const first = Object.values(param.examples ?? {})[0] as { value?: unknown } | undefined;
  if (first?.value === undefined)
    throw new Error(`parameter ${param.name} has no example to build a request from`);
  return first.value;
}

/** The operation's path with its path parameters' examples, and its required query parameters. */
function exampleTarget(op: Operation): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const param of op.parameters) {
    if (param.in === 'path')
      path = path.replace(`{${param.name}}`, encodeURIComponent(String(exampleOf(param))));
    else if (param.in === 'query' && param.required) {
      const value = exampleOf(param);
      for (const item of Array.isArray(value) ? value : [value]) query.append(param.name, String(item));
    }
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${path}${search}`;
}

describe('Prism mocking spec/openapi.yaml', () => {
  let prism: RunningPrism;
  let client: HttpClient;
  beforeAll(async () => {
    prism = await startPrism();
    client = httpClient(prism.baseUrl);
  }, 40_000);
  afterAll(async () => {
    await client?.close();
    await prism?.stop();
  });

  // Prism sends every documented header from its example, so no header needs to be ignored. The
  // POSTs (a broadcast, a fee estimate, the faucet) are proved by the stacks.js loop instead.
  const reads = listOperations(doc).filter((op) => op.method === 'get');
  it.each(reads.map((op) => [op.operationId, op] as const))(
    '%s answers a valid request with a response the spec accepts',
    async (_id, op) => {
      const res = await client.get(exampleTarget(op), { accept: 'application/json' });
      expect(res.status, res.text).toBe(200);
      expect(checker.check(op, res)).toEqual([]);
    },
  );

  // Last: it stops the file's Prism (startPrism's own test, on the one Prism start this costs).
  it('serves until stopped, and then no longer answers (stopping twice is safe)', async () => {
    const fresh = httpClient(prism.baseUrl, { keepAlive: false });
    expect((await fresh.get('/extended')).status).toBe(200);
    await prism.stop();
    await prism.stop();
    await expect(fresh.get('/extended')).rejects.toThrow();
  });
});
