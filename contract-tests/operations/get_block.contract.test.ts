import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import { worldViewOf } from '../cases/world-view.ts';
import { parameterExamples } from '../../spec/valid-requests/valid-requests.ts';
import { expectNotModified, need, requireWorld, UNKNOWN_BLOCK_HASH } from '../cases/common.ts';
import { expectResponse } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const block = data.blocks[0];
const tipHeight = Math.max(0, ...data.blocks.map((b) => b.height));
function get(heightOrHash: string) {
  return target.client.call('get_block', { path: { height_or_hash: heightOrHash } });
}

describe('get_block', () => {
  describe('200 OK', () => {
    test('latest', async () => {
      expectResponse(target, await get('latest'), { status: 200, because: '`latest` is the chain tip' });
    });

    test('by height', async (ctx) => {
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await get(String(b.height)), {
        status: 200,
        because: `block ${b.height} is a known canonical block`,
      });
    });

    test('by hash', async (ctx) => {
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await get(b.hash), { status: 200, because: 'a known block hash' });
    });

    test('by index block hash', async (ctx) => {
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await get(b.index_block_hash), {
        status: 200,
        because: 'a known index block hash',
      });
    });

    test('by hash without 0x, in upper case', async (ctx) => {
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await get(b.hash.slice(2).toUpperCase()), {
        status: 200,
        because: 'a hash may come without 0x, in any case (HeightOrHash)',
      });
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const b = need(ctx, block, 'block', 'blocks');
      await expectNotModified(target, 'get_block', { path: { height_or_hash: String(b.height) } });
    });
  });

  badRequestTests(
    target,
    'get_block',
    { path: { height_or_hash: 'latest' }, query: {} },
    parameterExamples(worldViewOf(data)),
  );

  describe('404 Not Found', () => {
    test('a height above the chain tip', async (ctx) => {
      requireWorld(ctx, target);
      const height = String(tipHeight + 1_000_000);
      expectResponse(target, await get(height), {
        status: 404,
        because: `no block at height ${height}: an unknown height gives 404`,
      });
    });

    test('an unknown hash', async (ctx) => {
      requireWorld(ctx, target);
      expectResponse(target, await get(UNKNOWN_BLOCK_HASH), {
        status: 404,
        because: 'an unknown hash gives 404',
      });
    });
  });
});
