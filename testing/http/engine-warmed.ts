import { httpClient } from '../../spec/http/client.ts';

/** Long enough for a replay of the default world on a busy 2-core machine. */
const ENGINE_WAIT_MS = 180_000;

/**
 * Resolves once the mock at `url` holds its chain in the Clarity engine: a token's interface (a
 * node route, which waits for the engine) answered. The CLI warms the engine in the background
 * after it listens, seconds of CPU: a benchmark measured during it measures the replay, and a
 * contract suite run started then can outwait its per-request timeout on a busy machine. Without
 * the engine's package the route answers 501 at once.
 */
export async function engineWarmed(url: string): Promise<void> {
  const client = httpClient(url, { keepAlive: false, timeoutMs: ENGINE_WAIT_MS });
  try {
    const world = (await client.get('/_mock/world')).body as { assets: { ft: string[] } };
    const [address, name] = ((world.assets.ft[0] ?? '').split('::')[0] ?? '').split('.');
    await client.get(`/v2/contracts/interface/${address}/${name}`);
  } finally {
    await client.close();
  }
}
