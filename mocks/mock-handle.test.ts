import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../api/start-mock.ts';
import { stacksApiMiddleware } from '../api/middleware.ts';
import { createStacksHandlers } from '../msw/node.ts';
import { httpClient } from '../spec/http/client.ts';
import type { Mock } from './mock-handle.ts';

/** A small world, every door the same: the controls, not the world, are under test. */
const OPTIONS = { quiet: true, rateLimit: 0, blocks: 60 } as const;

/** A running door: its mock, a GET through the door (status and JSON), and what stops it. */
interface Door {
  mock: Mock<object>;
  get(path: string): Promise<{ status: number; json: unknown }>;
  stop(): Promise<void>;
}

/** Every door that hands its user a `Mock`: the node:http server, the middleware in an app, MSW. */
const DOORS: Record<string, () => Promise<Door>> = {
  startMock: async () => {
    const mock = await startMock({ ...OPTIONS, port: 0 });
    const client = httpClient(mock.url);
    return {
      mock,
      get: async (path) => {
        const res = await client.get(path);
        return { status: res.status, json: res.body };
      },
      stop: async () => {
        await client.close();
        await mock.close();
      },
    };
  },
  stacksApiMiddleware: async () => {
    const mock = stacksApiMiddleware(OPTIONS);
    const client = httpClient((req, res) => mock(req, res, () => void res.writeHead(418).end()));
    return {
      mock,
      get: async (path) => {
        const res = await client.get(path);
        return { status: res.status, json: res.body };
      },
      stop: async () => {
        await client.close();
        await mock.close();
      },
    };
  },
  msw: async () => {
    const mock = createStacksHandlers({ ...OPTIONS, baseUrl: 'https://doors.example' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return {
      mock,
      get: async (path) => {
        const res = await fetch(`${mock.baseUrl}${path}`);
        return { status: res.status, json: res.status === 200 ? await res.json() : undefined };
      },
      stop: async () => {
        server.close();
        await mock.close();
      },
    };
  },
};

describe.each(Object.keys(DOORS))('the Mock %s returns: the same controls on every door', (name) => {
  let door: Door;
  beforeAll(async () => {
    door = await (DOORS[name] as () => Promise<Door>)();
  });
  afterAll(() => door.stop());

  const height = async (): Promise<number> =>
    ((await door.get('/extended')).json as { chain_tip: { block_height: number } }).chain_tip.block_height;

  it('world, mine, reorg and reset move what the door answers', async () => {
    const { mock } = door;
    const start = mock.world.tip.height;
    expect(await height()).toBe(start);
    expect(mock.mine(2).height).toBe(start + 2);
    expect([await height(), mock.world.tip.height]).toEqual([start + 2, start + 2]);
    const reorged = mock.reorg(1);
    expect(reorged.height).toBe(start + 3);
    expect(
      ((await door.get('/extended')).json as { chain_tip: { block_hash: string } }).chain_tip.block_hash,
    ).toBe(reorged.hash);
    expect(mock.reset().height).toBe(start);
    expect(await height()).toBe(start);
  });

  it('submit puts a transfer in the mempool the door serves', async () => {
    const { addresses } = door.mock.world;
    const { tx_id } = door.mock.submit({
      type: 'token_transfer',
      sender: addresses.stx_activity,
      recipient: addresses.unknown,
      amount: 1_000,
      fee: 500,
    });
    expect((await door.get(`/extended/v1/tx/${tx_id}`)).json).toMatchObject({ tx_id, tx_status: 'pending' });
    door.mock.reset();
  });

  it('prefer answers the next matching requests with the status asked, clearPreferences ends it', async () => {
    const { mock } = door;
    mock.prefer({ code: 503, operationId: 'get_status', times: 1 });
    expect((await door.get('/extended')).status).toBe(503);
    expect((await door.get('/extended')).status).toBe(200);
    mock.prefer({ code: 500 });
    expect((await door.get('/extended/v2/blocks/1')).status).toBe(500);
    expect((await door.get('/extended')).status).toBe(500);
    mock.clearPreferences();
    expect((await door.get('/extended')).status).toBe(200);
    expect(() => mock.prefer({ code: 503, operationId: 'get_nothing' })).toThrow(
      /^no operation get_nothing: one of /,
    );
    expect(() => mock.prefer({})).toThrow('prefer needs a code, a delay or both');
  });

  it('setRateLimits changes the limit while the door runs', async () => {
    const { mock } = door;
    mock.setRateLimits({ anonymous: 1 });
    expect((await door.get('/extended')).status).toBe(200);
    expect((await door.get('/extended')).status).toBe(429);
    mock.setRateLimits({ anonymous: 0 });
    expect((await door.get('/extended')).status).toBe(200);
    expect(() => mock.setRateLimits({ keyed: -1 })).toThrow('keyed must be a non-negative integer, not -1');
  });
});
