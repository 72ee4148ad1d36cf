import { createHash } from 'node:crypto';
import { c32address } from 'c32check';
import type fc from 'fast-check';
import type { WorldCatalogue } from '../../mocks/query/catalogue.ts';
import type { ServerDoor } from '../../mocks/server.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import type { Balances } from '../../mocks/serialize/types.ts';
import { coherenceProblems, type Read } from './chain-coherence.ts';
import type { IncrementalOracle } from './incremental-oracle.ts';

/** What the fuzz expects of the chain: the tip the control plane reported and what users submitted. */
export interface ChainModel {
  tip: { height: number; hash: string };
  readonly start: { height: number; hash: string };
  readonly network: 'mainnet' | 'testnet';
  submitted: string[];
}

/** The mock under test, how to read it and post to its control plane, and a tally of what happened. */
export interface ChainUnderTest {
  mock: Mock<ServerDoor>;
  read: Read;
  post(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: { message?: string; tx_id?: string } & Tip }>;
  tally(label: string): void;
  oracles: IncrementalOracle;
}

export interface Tip {
  height: number;
  hash: string;
}

export type Command = fc.AsyncCommand<ChainModel, ChainUnderTest>;

export function fail(step: string, what: string): never {
  throw new Error(`${step}: ${what}`);
}

export function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

export async function readCatalogue(real: ChainUnderTest): Promise<WorldCatalogue> {
  return (await real.read('/_mock/world')).body as WorldCatalogue;
}

/** Every invariant after a step; `touched` are the principals the step concerned. */
export async function checkAfter(
  step: string,
  model: ChainModel,
  real: ChainUnderTest,
  touched: string[],
  n: number,
): Promise<void> {
  const problems = await coherenceProblems(
    real.mock,
    real.oracles,
    real.read,
    { tip: model.tip, submitted: model.submitted, touched },
    n,
  );
  if (problems.length > 0)
    fail(step, `the chain is incoherent after it:\n  ${problems.slice(0, 12).join('\n  ')}`);
}

/** A principal the catalogue names or the chain has seen, by a drawn number. */
export async function principals(real: ChainUnderTest): Promise<string[]> {
  const catalogue = await readCatalogue(real);
  const { unknown: _never, ...named } = catalogue.addresses;
  return [...new Set([...Object.values(named), ...catalogue.declared.accounts.map((a) => a.address)])];
}

/** What a sender can spend now: its balance (microblocks included), less what is locked and what its pending transactions spend. */
export function spendable(b: Balances): bigint {
  return BigInt(b.stx.balance) - BigInt(b.stx.locked) - BigInt(b.stx.pending_balance_outbound ?? '0');
}

/** A transfer the node must accept: STX (amount + fee at most what the sender can spend) or a token it holds. */
/** The NFTs (uint ids) the principal owns on chain, microblocks included: every mint and transfer, in chain order. */
export function ownedNfts(real: ChainUnderTest, principal: string): { asset: string; id: bigint }[] {
  return [...nftOwners(real)]
    .filter(([key, who]) => who === principal && / 0x01[0-9a-f]{32}$/.test(key))
    .map(([key]) => {
      const [asset = '', hex = ''] = key.split(' ');
      return { asset, id: BigInt(`0x${hex.slice(4)}`) };
    });
}

/** Each NFT (`<asset> <value hex>`) with its owner now, '' once burned. */
function nftOwners(real: ChainUnderTest): Map<string, string> {
  const oracle = real.oracles.now(real.mock.kernel);
  const owner = new Map<string, string>();
  for (const tx of oracle.txs)
    for (const m of oracle.movements(tx))
      if (m.asset === 'nft') owner.set(`${m.assetId} ${m.valueHex}`, m.type === 'burn' ? '' : m.recipient);
  return owner;
}

/**
 * Accounts that may hold what a transfer of `kind` moves: the catalogue's for STX, those a
 * fungible token reached, the owners of NFTs, so most draws find something to send.
 */
export async function senders(real: ChainUnderTest, kind: 'stx' | 'ft' | 'nft'): Promise<string[]> {
  const named = await principals(real);
  if (kind === 'stx') return named.filter((p) => !p.includes('.'));
  if (kind === 'nft')
    return [...new Set(nftOwners(real).values())].filter((p) => p !== '' && !p.includes('.'));
  const oracle = real.oracles.now(real.mock.kernel);
  const reached = oracle.txs.flatMap((tx) =>
    oracle.movements(tx).flatMap((m) => (m.asset === kind && m.recipient ? [m.recipient] : [])),
  );
  return [...new Set([...named, ...reached])].filter((p) => !p.includes('.'));
}

/** A standard address of this network no world has seen: a drawn 160-bit hash, with its checksum. */
export function freshAddress(model: ChainModel, n: number): string {
  const hash = createHash('sha256').update(`fresh ${n}`).digest('hex').slice(0, 40);
  return c32address(model.network === 'mainnet' ? 22 : 26, hash);
}
