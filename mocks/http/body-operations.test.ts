import { describe, expect, it } from 'vitest';
import type { Document } from '../../spec/document.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { listOperations } from '../../spec/document.ts';
import { releaseProfile } from '../../spec/releases/releases.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { createMock } from '../create-mock.ts';
import type { OperationHandler } from '../operations/types.ts';
import { createApiPipeline } from './pipeline.ts';
import { Preferences } from './preferences.ts';
import { RateLimiter } from './rate-limit.ts';
import { ResponseCache, RESPONSE_CACHE_LIMITS } from './response-cache.ts';

/** A spec with one GET and one POST that takes a JSON body on the same path. */
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1.0.0' },
  paths: {
    '/v2/things': {
      get: { operationId: 'list_things', responses: { '200': { description: 'ok' } } },
      post: {
        operationId: 'make_thing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', minLength: 1 } },
                additionalProperties: false,
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
} as unknown as Document;

const handlers: Record<string, OperationHandler> = {
  list_things: { defaulted: [], answer: () => ({ status: 200, body: [] }) },
  make_thing: { defaulted: [], answer: ({ body }) => ({ status: 200, body: { made: body } }) },
};

const { live } = createMock({ blocks: 60, quiet: true });
const { queries } = live;
const pipeline = createApiPipeline({
  doc,
  ops: listOperations(doc),
  release: releaseProfile(),
  deprecation: { gone: undefined, headers: false },
  handlers,
  queries,
  specAjv: createSpecAjv(doc, { defaults: true }),
  keys: [],
  requireKey: false,
  limiter: new RateLimiter({ anonymous: 0, keyed: 0 }, () => 0),
  preferences: new Preferences([]),
  scenario: { latencyMs: 0, faultRate: 0, random: () => 1 },
  cache: new ResponseCache(queries, RESPONSE_CACHE_LIMITS),
  door: live,
  log: () => {},
  own: new Map(),
});

async function send(
  method: string,
  body?: string,
): Promise<{ status: number; allow?: string; json: unknown }> {
  const request: ServerRequest = { method, target: '/v2/things', headers: {}, ip: undefined, body };
  const res = await pipeline(request);
  const { allow } = res.headers;
  return { status: res.status, ...(allow !== undefined && { allow }), json: res.body };
}

describe('an operation that takes a body, through the same reader as the GETs', () => {
  it('routes by method, reads the JSON body, validates it against the spec and hands it to the handler', async () => {
    expect(await send('POST', '{"name":"a"}')).toMatchObject({ status: 200, json: { made: { name: 'a' } } });
    expect((await send('GET')).status).toBe(200);
  });

  it('refuses a missing, invalid or unreadable body with 400 and the reason', async () => {
    expect(await send('POST')).toMatchObject({ status: 400, json: { message: 'body must be object' } });
    expect(await send('POST', '{"name":""}')).toMatchObject({
      status: 400,
      json: { message: 'body/name must NOT have fewer than 1 characters' },
    });
    expect(await send('POST', '{"name":')).toMatchObject({
      status: 400,
      json: { message: 'the body is not valid JSON' },
    });
  });

  it('a method the path does not take is 405 with the methods it does take', async () => {
    expect(await send('DELETE')).toMatchObject({ status: 405, allow: 'GET, POST, HEAD, OPTIONS' });
  });
});
