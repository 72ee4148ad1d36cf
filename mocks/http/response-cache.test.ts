import { describe, expect, it } from 'vitest';
import { serializeJson, type SerializedJson } from './caching.ts';
import { RESPONSE_CACHE_LIMITS, ResponseCache } from './response-cache.ts';

function json(value: unknown) {
  return serializeJson(value);
}
/** A body of exactly n bytes. */
function bytes(n: number) {
  return json('x'.repeat(n - 2));
}

describe('the response cache', () => {
  it('keeps the answers that read mined blocks only across a mempool change, and drops every answer when a block is mined', () => {
    const world = { version: 0 };
    const mined = { version: 0 };
    const cache = new ResponseCache<SerializedJson & { operationId: string }>(world, RESPONSE_CACHE_LIMITS, {
      world: mined,
      holds: (answer) => answer.operationId === 'get_block',
    });
    cache.set('/block', { ...json(1), operationId: 'get_block' });
    cache.set('/nonces', { ...json(2), operationId: 'get_account_nonces' });
    world.version++;
    expect(cache.get('/block')).toBeDefined();
    expect(cache.get('/nonces')).toBeUndefined();
    world.version++;
    mined.version++;
    expect(cache.get('/block')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('misses an unknown key and hits a stored one with the same bytes and ETag', () => {
    const cache = new ResponseCache<SerializedJson>();
    expect(cache.get('a')).toBeUndefined();
    const stored = json({ status: 'ready' });
    cache.set('a', stored);
    expect(cache.get('a')).toBe(stored);
    expect(new TextDecoder().decode(cache.get('a')?.body)).toBe('{"status":"ready"}');
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 2, maxBytes: 1_000 });
    cache.set('a', json(1));
    cache.set('b', json(2));
    cache.get('a');
    cache.set('c', json(3));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('keeps the entry just stored when every other one was read since the last eviction', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 3, maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, json(key));
    for (const key of ['a', 'b', 'c']) cache.get(key);
    cache.set('d', json('d'));
    expect(cache.size).toBe(3);
    expect(cache.get('d')).toBeDefined();
    // The sweep cleared the others' flags: the oldest of them went.
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')].every(Boolean)).toBe(true);
  });

  it('caches nothing, and does not loop, when it may hold no entry', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 0, maxBytes: 1_000 });
    cache.set('a', json(1));
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxBytes of bodies, and never caches a body larger than that', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 100, maxBytes: 100 });
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    cache.set('c', bytes(40));
    expect(cache.byteSize).toBe(80);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', bytes(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('counts a replaced entry once', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 10, maxBytes: 100 });
    cache.set('a', bytes(40));
    cache.set('a', bytes(30));
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe(30);
  });

  it('stays bounded under many distinct keys', () => {
    const cache = new ResponseCache<SerializedJson>(undefined, { maxEntries: 50, maxBytes: 10_000 });
    for (let i = 0; i < 5_000; i++) cache.set(`k${i}`, json(i));
    expect(cache.size).toBe(50);
    expect(cache.get('k4999')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });
});

describe('the response cache across versions of the chain', () => {
  it('drops every entry when the version it was given moves', () => {
    const world = { version: 1 };
    const cache = new ResponseCache<SerializedJson>(world, RESPONSE_CACHE_LIMITS);
    cache.set('a', json(1));
    expect(cache.get('a')).toBeDefined();
    world.version = 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.byteSize).toBe(0);
    cache.set('a', json(2));
    expect(new TextDecoder().decode(cache.get('a')?.body)).toBe('2');
  });
});
