import type { Transport } from '../http/transport.ts';
import type { TargetFile } from './target-file.ts';

/** A key no target knows: what an unknown key gets tells whether keys are configured. */
export const INVALID_KEY = 'contract-suite-invalid-key-0000';

export type Auth = NonNullable<TargetFile['auth']>;

/** What a target does with keys, from two requests to `GET /extended`: one without a key, one with an unknown key. */
export async function probeAuth(transport: Transport, timeoutMs: number): Promise<Auth> {
  const accept = { Accept: 'application/json' };
  const noKey = await transport({ method: 'GET', target: '/extended', headers: accept }, timeoutMs);
  const badKey = await transport(
    { method: 'GET', target: '/extended', headers: { ...accept, 'X-API-Key': INVALID_KEY } },
    timeoutMs,
  );
  return {
    keyRequired: noKey.status === 401,
    invalidKeyRejected: badKey.status === 403,
    anyKeyAccepted: badKey.status === 200,
  };
}

/** The mock's world options as `/_mock/world` reports them. */
export interface MockWorld {
  seed: number;
  network: 'mainnet' | 'testnet';
  blocks: number;
  /** Addresses of the accounts a world file declared (`declared.accounts`); none without one. */
  declared?: string[];
}

/** The world a mock serves, or undefined when the target has no `/_mock/world` (not the mock). */
export async function readMockWorld(transport: Transport, timeoutMs: number): Promise<MockWorld | undefined> {
  const res = await transport(
    { method: 'GET', target: '/_mock/world', headers: { Accept: 'application/json' } },
    timeoutMs,
  );
  if (res.status !== 200) return undefined;
  try {
    const world = JSON.parse(res.text) as Partial<Omit<MockWorld, 'declared'>> & {
      declared?: { accounts?: { address?: unknown }[] };
    };
    const declared = (world.declared?.accounts ?? [])
      .map((a) => a.address)
      .filter((a): a is string => typeof a === 'string');
    return typeof world.seed === 'number' &&
      (world.network === 'mainnet' || world.network === 'testnet') &&
      typeof world.blocks === 'number'
      ? {
          seed: world.seed,
          network: world.network,
          blocks: world.blocks,
          ...(declared.length > 0 && { declared }),
        }
      : undefined;
  } catch {
    return undefined;
  }
}
