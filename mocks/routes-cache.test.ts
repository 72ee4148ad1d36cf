import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../spec/load.ts';
import { createSpecAjv } from '../spec/schemas.ts';
import { etagOf } from './http/caching.ts';
import { ResponseCache } from './http/response-cache.ts';
import { mountedHandlers, type MountedHandler } from './operations/index.ts';
import { mountOperations } from './routes.ts';
import { createWorld } from './operations/world.ts';

const doc = loadSpec();
const ops = listOperations(doc);
const world = createWorld({ blocks: 120 });
const { addresses } = world.index();

/** The mounted operations with a fresh cache, and how often each handler really ran. */
function mounted(cache = new ResponseCache()) {
  const calls: Record<string, number> = {};
  const counted = Object.fromEntries(
    Object.entries(mountedHandlers).map(([id, handler]): [string, MountedHandler] => [
      id,
      {
        defaulted: handler.defaulted,
        answer: (request) => {
          calls[id] = (calls[id] ?? 0) + 1;
          return handler.answer(request);
        },
      },
    ]),
  );
  const app = express();
  app.set('etag', false);
  const router = express.Router();
  mountOperations(router, ops, counted, {
    world,
    doc,
    specAjv: createSpecAjv(doc, { defaults: true }),
    scenario: { latencyMs: 0, faultRate: 0, random: () => 1 },
    cache,
  });
  app.use(router);
  return { agent: request(app), calls, cache };
}

function page(query: string) {
  return `/extended/v1/address/${addresses.busiest}/transactions_with_transfers${query}`;
}

describe('serving 200 answers from the response cache', () => {
  it('runs the handler once for repeated requests and answers the same bytes and ETag', async () => {
    const { agent, calls } = mounted();
    const first = await agent.get(page('?limit=20'));
    const second = await agent.get(page('?limit=20'));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('public, no-cache, must-revalidate');
    expect(calls.get_account_transactions_with_transfers).toBe(1);
  });

  it('answers what the handler answers, tagged by those bytes', async () => {
    const { agent } = mounted();
    await agent.get('/extended');
    const cached = await agent.get('/extended');
    expect(cached.text).toBe(JSON.stringify(world.status()));
    expect(cached.headers.etag).toBe(etagOf(JSON.stringify(world.status())));
  });

  it('still answers 304 to a matching If-None-Match, and 200 to another tag, from the cache', async () => {
    const { agent, calls } = mounted();
    const { headers } = await agent.get('/extended');
    const revalidated = await agent.get('/extended').set('If-None-Match', headers.etag as string);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.etag).toBe(headers.etag);
    const weak = await agent.get('/extended').set('If-None-Match', `"other", W/${headers.etag}`);
    expect(weak.status).toBe(304);
    const other = await agent.get('/extended').set('If-None-Match', '"other"');
    expect(other.status).toBe(200);
    expect(calls.get_status).toBe(1);
  });

  it('keeps different parameters apart: other bodies, other ETags', async () => {
    const { agent, calls } = mounted();
    const one = await agent.get(page('?limit=1'));
    const two = await agent.get(page('?limit=2'));
    const offset = await agent.get(page('?limit=1&offset=1'));
    expect(one.body.results).toHaveLength(1);
    expect(two.body.results).toHaveLength(2);
    expect(offset.body.results[0].tx.tx_id).toBe(two.body.results[1].tx.tx_id);
    expect(new Set([one.headers.etag, two.headers.etag, offset.headers.etag]).size).toBe(3);
    expect(calls.get_account_transactions_with_transfers).toBe(3);
  });

  it('validates a URL once: a hit answers without validating again, a miss validates', async () => {
    const { agent, calls } = mounted();
    const url = page('?limit=5');
    const first = await agent.get(url);
    const hit = await agent.get(url);
    expect(hit.text).toBe(first.text);
    expect(calls.get_account_transactions_with_transfers).toBe(1);
    // Another spelling of a valid request is another entry; an invalid one is still refused.
    expect((await agent.get(page('?limit=5&offset=0'))).text).toBe(first.text);
    expect(calls.get_account_transactions_with_transfers).toBe(2);
    expect((await agent.get(page('?limit=5&offset=-1'))).status).toBe(400);
  });

  it('caches no errors: a 404 or a 400 runs every time', async () => {
    const { agent, calls, cache } = mounted();
    for (let i = 0; i < 2; i++) expect((await agent.get(`/extended/v2/blocks/${10 ** 6}`)).status).toBe(404);
    expect(calls.get_block).toBe(2);
    expect((await agent.get(page('?limit=51'))).status).toBe(400);
    expect(cache.size).toBe(0);
  });

  it('stays within its bounds', async () => {
    const { agent, calls, cache } = mounted(new ResponseCache({ maxEntries: 2, maxBytes: 1_000_000 }));
    for (const height of [1, 2, 3, 1])
      expect((await agent.get(`/extended/v2/blocks/${height}`)).status).toBe(200);
    expect(cache.size).toBe(2);
    // Height 1 was dropped for 3, so it ran again.
    expect(calls.get_block).toBe(4);
  });
});
