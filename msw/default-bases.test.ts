import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStacksHandlers, type StacksMsw } from './node.ts';

const made: StacksMsw[] = [];
const server = setupServer();

afterEach(() => {
  server.close();
  server.resetHandlers();
  for (const stacks of made.splice(0)) stacks.close();
  unhandled.splice(0);
  vi.restoreAllMocks();
});

/**
 * The requests no handler took, each refused: what MSW's 'error' strategy does, without the error
 * it prints (a passing run prints none).
 */
const unhandled: string[] = [];

function handlers(options: Parameters<typeof createStacksHandlers>[0]): StacksMsw {
  const stacks = createStacksHandlers(options);
  made.push(stacks);
  server.use(...stacks.handlers);
  server.listen({
    onUnhandledRequest: (request) => {
      unhandled.push(request.url);
      throw new Error(`no handler for ${request.method} ${request.url}`);
    },
  });
  return stacks;
}

describe('the MSW handlers without a baseUrl answer where the official client and stacks.js send', () => {
  it('mainnet: https://api.mainnet.hiro.so (HIRO_MAINNET_URL, the client’s BASE_PATH) and https://api.hiro.so', async () => {
    handlers({ quiet: true });
    for (const base of ['https://api.mainnet.hiro.so', 'https://api.hiro.so']) {
      const res = await fetch(`${base}/extended`);
      expect(res.status, base).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('ready');
    }
    expect(unhandled).toEqual([]);
  });

  it('testnet: https://api.testnet.hiro.so, and not mainnet’s bases', async () => {
    const stacks = handlers({ network: 'testnet', quiet: true });
    expect(stacks.baseUrls).toEqual(['https://api.testnet.hiro.so']);
    expect((await fetch('https://api.testnet.hiro.so/extended')).status).toBe(200);
    // No handler took it: the callback refused it, and MSW answered with its own 500.
    expect((await fetch('https://api.mainnet.hiro.so/extended')).statusText).toBe('Unhandled Exception');
    expect(unhandled).toEqual(['https://api.mainnet.hiro.so/extended']);
  });

  it('say once, as they are made, which bases they answer; quiet: true says nothing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const stacks = handlers({});
    await fetch('https://api.mainnet.hiro.so/extended');
    await fetch('https://api.hiro.so/extended');
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toContain('https://api.mainnet.hiro.so and https://api.hiro.so');
    stacks.close();
    server.close();
    info.mockClear();
    handlers({ baseUrl: 'http://localhost:3999/', quiet: true });
    expect(info).not.toHaveBeenCalled();
  });
});
