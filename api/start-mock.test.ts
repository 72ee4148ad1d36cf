import { afterEach, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { startMock, type Mock } from './index.ts';

const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((m) => m.close()));
});

async function start(options: Parameters<typeof startMock>[0]): Promise<Mock> {
  const mock = await startMock(options);
  started.push(mock);
  return mock;
}

/** A client of the mock's URL: a connection a request, so nothing is left open when the mock closes. */
function clientOf(mock: Mock): HttpClient {
  return httpClient(mock.url, { keepAlive: false });
}

describe('startMock', () => {
  it('listens on a free loopback port and serves the world it reports, as /_mock/world does', async () => {
    const mock = await start({ port: 0, seed: 5, blocks: 60, quiet: true });
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(mock.port).toBeGreaterThan(0);
    const served = (await clientOf(mock).get('/_mock/world')).body;
    expect(served).toEqual(JSON.parse(JSON.stringify(mock.world)));
    expect(mock.world).toMatchObject({ seed: 5, blocks: 60, network: 'mainnet' });
  });

  it('passes its options to the mock: network, keys, rate limit', async () => {
    const mock = await start({
      port: 0,
      network: 'testnet',
      blocks: 60,
      apiKeys: ['k1'],
      requireApiKey: true,
      rateLimitKey: 1,
      quiet: true,
    });
    expect(mock.world.addresses.busiest).toMatch(/^S[TN]/);
    const client = clientOf(mock);
    expect((await client.get('/extended')).status).toBe(401);
    const keyed = { 'X-API-Key': 'k1' };
    expect((await client.get('/extended', keyed)).status).toBe(200);
    expect((await client.get('/extended', keyed)).status).toBe(429);
  });

  it('close stops it listening', async () => {
    const mock = await startMock({ port: 0, blocks: 60, quiet: true });
    await mock.close();
    await expect(clientOf(mock).get('/extended')).rejects.toThrow();
  });

  it('rejects bad options with a message naming them, and a taken port', async () => {
    await expect(startMock({ port: 0, blocks: 3 })).rejects.toThrow('blocks must be an integer >= 60');
    const mock = await start({ port: 0, blocks: 60, quiet: true });
    await expect(startMock({ port: mock.port, blocks: 60, quiet: true })).rejects.toThrow(/EADDRINUSE/);
  });

  it('drives the living chain: submit → mine confirms it → reorg → reset, as the control plane does', async () => {
    const mock = await start({ port: 0, seed: 5, blocks: 60, rateLimit: 0, quiet: true });
    const { addresses, tip } = mock.world;
    const { tx_id } = mock.submit({
      type: 'token_transfer',
      sender: addresses.busiest,
      recipient: addresses.unknown,
      amount: 1_000,
      fee: 200,
    });
    const txOf = async () =>
      (await clientOf(mock).get(`/extended/v1/tx/multiple?tx_id=${tx_id}`)).body[tx_id]?.result;
    expect(await txOf()).toMatchObject({ tx_status: 'pending' });
    const mined = mock.mine();
    expect(mined.height).toBe(tip.height + 1);
    expect(await txOf()).toMatchObject({
      tx_status: 'success',
      block_height: mined.height,
    });
    expect(mock.world.tip.height).toBe(mined.height);
    expect(mock.reorg(1).height).toBe(mined.height + 1);
    expect(mock.reset()).toEqual({ height: tip.height, hash: tip.hash });
    expect(() =>
      mock.submit({
        type: 'token_transfer',
        sender: addresses.unknown,
        recipient: addresses.busiest,
        amount: 1,
        fee: 1,
      }),
    ).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/has no STX/) }));
  });

  it('mines on a clock with blockTime, each block blockTime seconds after its parent, and stops when closed', async () => {
    const mock = await start({ port: 0, seed: 5, blocks: 60, rateLimit: 0, quiet: true, blockTime: 1 });
    const { tip } = mock.world;
    // Two ticks of the clock, however long a loaded machine takes to run them.
    while (mock.world.tip.height < tip.height + 2) await new Promise((resolve) => setTimeout(resolve, 100));
    const client = clientOf(mock);
    const latest = (await client.get('/extended/v2/blocks/latest')).body as {
      height: number;
      block_time: number;
    };
    expect(latest.height).toBeGreaterThanOrEqual(tip.height + 2);
    const parent = (await client.get(`/extended/v2/blocks/${latest.height - 1}`)).body as {
      block_time: number;
    };
    expect(latest.block_time - parent.block_time).toBe(1);
    await mock.close();
    const stopped = mock.world.tip.height;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(mock.world.tip.height).toBe(stopped);
  });
});
