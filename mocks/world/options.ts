import type { DeclaredWorld } from './declared/plan.ts';
import type { NetworkName } from './tables/network.ts';
import { GENESIS_TIME } from './time.ts';

export interface WorldOptions {
  seed: number;
  network: NetworkName;
  /** Anchored blocks in the chain; the chain tip is at this height. */
  blocks: number;
  /** Standard (non-contract) accounts that transact. */
  addresses: number;
  /** Upper bound of user transactions per block (the mean is about half). */
  maxTxsPerBlock: number;
  /** Pending mempool transactions (dropped ones come on top). */
  mempoolSize: number;
  /** First block of the Nakamoto era (tenure changes, several blocks per tenure). */
  nakamotoHeight: number;
  /** Unix seconds of block 1's burn block; a fixed default keeps every run the same. */
  genesisTime: number;
  /** When set, every time shifts so that the generated tip's block time is this (near the present). */
  tipTime?: number;
  /** Accounts, tokens and transactions a world file declares, woven into the seeded chain. */
  declared?: DeclaredWorld;
}

export const DEFAULT_BLOCKS = 600;
/** The early blocks deploy the token contracts and the coverage transactions need room after them. */
export const MIN_BLOCKS = 60;

export function resolveOptions(partial: Partial<WorldOptions> = {}): WorldOptions {
  const blocks = partial.blocks ?? DEFAULT_BLOCKS;
  const options: WorldOptions = {
    seed: partial.seed ?? 1,
    network: partial.network ?? 'mainnet',
    blocks,
    addresses: partial.addresses ?? 300,
    maxTxsPerBlock: partial.maxTxsPerBlock ?? 12,
    mempoolSize: partial.mempoolSize ?? 80,
    nakamotoHeight: partial.nakamotoHeight ?? Math.max(2, Math.floor(blocks * 0.4)),
    genesisTime: partial.genesisTime ?? GENESIS_TIME,
    ...(partial.tipTime === undefined ? {} : { tipTime: partial.tipTime }),
    ...(partial.declared && { declared: partial.declared }),
  };
  check(Number.isSafeInteger(options.seed), 'seed must be a safe integer');
  check(options.network === 'mainnet' || options.network === 'testnet', 'network must be mainnet or testnet');
  check(Number.isInteger(blocks) && blocks >= MIN_BLOCKS, `blocks must be an integer >= ${MIN_BLOCKS}`);
  check(
    Number.isInteger(options.addresses) && options.addresses >= 20 && options.addresses <= 5000,
    'addresses must be in 20..5000',
  );
  check(
    Number.isInteger(options.maxTxsPerBlock) && options.maxTxsPerBlock >= 1,
    'maxTxsPerBlock must be >= 1',
  );
  check(Number.isInteger(options.mempoolSize) && options.mempoolSize >= 8, 'mempoolSize must be >= 8');
  check(
    Number.isInteger(options.nakamotoHeight) && options.nakamotoHeight >= 2,
    'nakamotoHeight must be >= 2',
  );
  for (const [name, value] of [
    ['genesisTime', options.genesisTime],
    ['tipTime', options.tipTime ?? GENESIS_TIME],
  ] as const)
    check(Number.isInteger(value) && value >= 0 && value < 2 ** 32, `${name} must be unix seconds (0..2^32)`);
  return options;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new RangeError(`world option ${message}`);
}
