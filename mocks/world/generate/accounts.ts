import type { Faker } from '@faker-js/faker';
import { c32address } from 'c32check';
import type { VestingEntry } from '../tables/vesting.ts';
import { memoText } from './contract-names.ts';
import { asciiHex, toBareHex } from '../hex.ts';
import type { NetworkParams } from '../tables/network.ts';
import type { Principals } from '../tables/principals.ts';
import type { Rng } from '../rng.ts';

const STX = 1_000_000;

export interface Accounts {
  /** The boot address (pox-4 and the genesis allocations belong to it). */
  readonly boot: number;
  /** Standard accounts that transact, each funded at genesis. */
  readonly accounts: number[];
  readonly genesisAmounts: number[];
  readonly miners: number[];
  readonly vesting: Map<number, VestingEntry[]>;
}

/** Registers the boot address and the accounts, and gives a few of them a role. */
export function createAccounts(
  rng: Rng,
  principals: Principals,
  net: NetworkParams,
  count: number,
  blocks: number,
): Accounts {
  const boot = principals.addStandard(net.bootAddress);
  const accounts: number[] = [];
  const genesisAmounts: number[] = [];
  const hash = new Uint8Array(20);
  for (let i = 0; i < count; i++) {
    rng.fill(hash);
    const version = rng.chance(0.1) ? net.multiSigVersion : net.singleSigVersion;
    const address = c32address(version, toBareHex(hash));
    // Skewed allocations: a few whales, many small holders.
    const u = rng.next();
    // A world file may claim a generated address (an exported one): it is the file's alone then.
    if (principals.find(address) >= 0) continue;
    accounts.push(principals.addStandard(address));
    genesisAmounts.push(10_000 * STX + Math.floor(u * u * u * 2_000_000) * STX);
  }
  const shuffled = [...accounts];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
  }
  const vesting = new Map<number, VestingEntry[]>();
  for (const account of shuffled.slice(5, 9)) vesting.set(account, vestingSchedule(rng, blocks));
  return { boot, accounts, genesisAmounts, miners: shuffled.slice(0, 5), vesting };
}

/** Unlocks spaced so that some lie in the past of the tip and some in its future. */
function vestingSchedule(rng: Rng, blocks: number): VestingEntry[] {
  const entries: VestingEntry[] = [];
  let height = rng.range(1, Math.floor(blocks / 4));
  const step = rng.range(Math.floor(blocks / 8), Math.floor(blocks / 4));
  const count = rng.range(6, 10);
  for (let i = 0; i < count; i++, height += step) {
    entries.push({ amount: rng.range(1000, 100_000) * STX, blockHeight: height });
  }
  return entries;
}

/** 34-byte token-transfer memos: all zeros first, then short texts padded with zeros. */
export function createMemos(faker: Faker): string[] {
  const memos = [`0x${'00'.repeat(34)}`];
  for (let i = 0; i < 24; i++) {
    const text = memoText(faker);
    memos.push(asciiHex(text) + '00'.repeat(34 - text.length));
  }
  return memos;
}
