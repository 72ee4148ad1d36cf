import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../api/start-mock.ts';
import { stacksApiMiddleware } from '../api/middleware.ts';
import { createMockApp } from './app.ts';
import { createStacksHandlers } from '../msw/node.ts';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import type { SubmitRequest, Tip } from './control/live-chain.ts';
import type { Mock, Preference } from './mock-handle.ts';
import type { WorldCatalogue } from './query/catalogue.ts';

/** A small world, every door the same: the controls, not the world, are under test. */
const OPTIONS = { quiet: true, rateLimit: 0, blocks: 60 } as const;

type Async<T> = T | Promise<T>;

/** The controls as a test drives them: in process, or over HTTP (a promise). */
interface Controls {
  world(): Async<WorldCatalogue>;
  mine(blocks: number): Async<Tip>;
  submit(tx: SubmitRequest): Async<{ tx_id: string }>;
  reorg(depth: number): Async<Tip>;
  reset(): Async<Tip>;
  prefer(preference: Preference): Async<void>;
  clearPreferences(): Async<void>;
  setRateLimits(limits: { anonymous?: number; keyed?: number }): Async<void>;
}

/** A running door: its controls, a GET through the door (status and JSON), and what stops it. */
interface Door {
  controls: Controls;
  get(path: string): Promise<{ status: number; json: unknown }>;
  stop(): Promise<void>;
}

/** A `Mock`'s controls, called in process. */
function inProcess(mock: Mock<object>): Controls {
  return {
    world: () => mock.world,
    mine: (blocks) => mock.mine(blocks),
    submit: (tx) => mock.submit(tx),
    reorg: (depth) => mock.reorg(depth),
    reset: () => mock.reset(),
    prefer: (preference) => mock.prefer(preference),
    clearPreferences: () => mock.clearPreferences(),
    setRateLimits: (limits) => mock.setRateLimits(limits),
  };
}

/** The same controls over the control plane (`POST /_mock/…`): what the command line and Docker offer. */
function overHttp(client: HttpClient): Controls {
  const post = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await client.post(path, body);
    if (res.status >= 400) throw new Error((res.body as { message: string }).message);
    return res.body as T;
  };
  return {
    world: async () => (await client.get('/_mock/world')).body as WorldCatalogue,
    mine: (blocks) => post('/_mock/mine', { blocks }),
    submit: (tx) => post('/_mock/transactions', tx),
    reorg: (depth) => post('/_mock/reorg', { depth }),
    reset: () => post('/_mock/reset'),
    prefer: (preference) => post('/_mock/prefer', preference),
    clearPreferences: () => post('/_mock/clear-preferences'),
    setRateLimits: (limits) => post('/_mock/rate-limits', limits),
  };
}

/** A door read through the one HTTP client: its GETs through `client`, both closed at the end. */
function clientDoor(mock: Mock<object>, client: HttpClient, controls: Controls): Door {
  return {
    controls,
    get: async (path) => {
      const res = await client.get(path);
      return { status: res.status, json: res.body };
    },
    stop: async () => {
      await client.close();
      await mock.close();
    },
  };
}

/**
 * Every door that hands its user a `Mock` (the node:http server, which the command line and
 * `startMock` start; its listener alone; the middleware in an app; MSW), and the control plane
 * over HTTP.
 */
const DOORS: Record<string, () => Promise<Door>> = {
  startMock: async () => {
    const mock = await startMock({ ...OPTIONS, port: 0 });
    return clientDoor(mock, httpClient(mock.url), inProcess(mock));
  },
  createMockApp: async () => {
    const mock = createMockApp(OPTIONS);
    return clientDoor(mock, httpClient(mock), inProcess(mock));
  },
  stacksApiMiddleware: async () => {
    const mock = stacksApiMiddleware(OPTIONS);
    const client = httpClient((req, res) => mock(req, res, () => void res.writeHead(418).end()));
    return clientDoor(mock, client, inProcess(mock));
  },
  msw: async () => {
    const mock = createStacksHandlers({ ...OPTIONS, baseUrl: 'https://doors.example' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return {
      controls: inProcess(mock),
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
  'the control plane over HTTP': async () => {
    const mock = await startMock({ ...OPTIONS, port: 0 });
    const client = httpClient(mock.url);
    return clientDoor(mock, client, overHttp(client));
  },
};

describe.each(Object.keys(DOORS))('%s: the same controls on every door', (name) => {
  let door: Door;
  beforeAll(async () => {
    door = await (DOORS[name] as () => Promise<Door>)();
  });
  afterAll(() => door.stop());

  const height = async (): Promise<number> =>
    ((await door.get('/extended')).json as { chain_tip: { block_height: number } }).chain_tip.block_height;

  it('world, mine, reorg and reset move what the door answers', async () => {
    const { controls } = door;
    const start = (await controls.world()).tip.height;
    expect(await height()).toBe(start);
    expect((await controls.mine(2)).height).toBe(start + 2);
    expect([await height(), (await controls.world()).tip.height]).toEqual([start + 2, start + 2]);
    const reorged = await controls.reorg(1);
    expect(reorged.height).toBe(start + 3);
    const status = (await door.get('/extended')).json as { chain_tip: { block_hash: string } };
    expect(status.chain_tip.block_hash).toBe(reorged.hash);
    expect((await controls.reset()).height).toBe(start);
    expect(await height()).toBe(start);
  });

  it('submit puts a transfer in the mempool the door serves', async () => {
    const { addresses } = await door.controls.world();
    const { tx_id } = await door.controls.submit({
      type: 'token_transfer',
      sender: addresses.stx_activity,
      recipient: addresses.unknown,
      amount: 1_000,
      fee: 500,
    });
    expect((await door.get(`/extended/v1/tx/${tx_id}`)).json).toMatchObject({ tx_id, tx_status: 'pending' });
    await door.controls.reset();
  });

  it('prefer answers the next matching requests with the status asked, clearPreferences ends it', async () => {
    const { controls } = door;
    await controls.prefer({ code: 503, operationId: 'get_status', times: 1 });
    expect((await door.get('/extended')).status).toBe(503);
    expect((await door.get('/extended')).status).toBe(200);
    await controls.prefer({ code: 500 });
    expect((await door.get('/extended/v2/blocks/1')).status).toBe(500);
    expect((await door.get('/extended')).status).toBe(500);
    await controls.clearPreferences();
    expect((await door.get('/extended')).status).toBe(200);
    await expect(async () => controls.prefer({ code: 503, operationId: 'get_nothing' })).rejects.toThrow(
      /^no operation get_nothing: one of /,
    );
    await expect(async () => controls.prefer({})).rejects.toThrow('prefer needs a code, a delay or both');
  });

  it('setRateLimits changes the limit while the door runs', async () => {
    const { controls } = door;
    await controls.setRateLimits({ anonymous: 1 });
    expect((await door.get('/extended')).status).toBe(200);
    expect((await door.get('/extended')).status).toBe(429);
    await controls.setRateLimits({ anonymous: 0 });
    expect((await door.get('/extended')).status).toBe(200);
    await expect(async () => controls.setRateLimits({ keyed: -1 })).rejects.toThrow(/keyed must be/);
  });
});
