import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetwork } from '@stacks/network';
import { Pox4SignatureTopic, signPox4SignatureHash, StackingClient } from '@stacks/stacking';
import {
  Cl,
  cvToHex,
  type BufferCV,
  type ListCV,
  type PrincipalCV,
  type SomeCV,
  type TupleCV,
  type UIntCV,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../../spec/http/client.ts';
import { readOnly } from '../../../testing/worlds/engine-agreement.ts';
import { createMockApp } from '../../app.ts';
import type { WorldQueries } from '../../query/world-queries.ts';
import { poxBitcoinAddress } from '../derive/pox-address.ts';
import { cycleOf, signerPrivateKeyOf } from '../derive/pox.ts';
import { burnHeightAt, contractAt, tipHeight } from '../tables/chain.ts';
import { Action, Status } from '../tables/kinds.ts';
import type { ContractReads } from './world-engine.ts';

// The world's stacking run in the Clarity engine's pox-4: every stacker's lock as pox-4 holds it
// (get-stacker-info, its reward-set entry) is what the extended answers show, and
// @stacks/stacking 7, unmodified, answers the same through the mock's routes. One mock, one
// engine per world.

type StackerInfo = SomeCV<
  TupleCV<{ 'first-reward-cycle': UIntCV; 'lock-period': UIntCV; 'reward-set-indexes': ListCV<UIntCV> }>
>;
type RewardSetEntry = SomeCV<
  TupleCV<{ 'total-ustx': UIntCV; stacker: SomeCV<PrincipalCV>; signer: BufferCV }>
>;

interface Balances {
  stx: { locked: string; burnchain_unlock_height: number };
}
interface Signers {
  results: { signing_key: string; stacked_amount: string }[];
}

interface Served {
  server: Server;
  client: HttpClient;
  url: string;
  queries: WorldQueries;
  reads: ContractReads;
}

async function serve(world?: string): Promise<Served> {
  const app = createMockApp({ quiet: true, rateLimit: 0, ...(world && { world }) });
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queries = app.live.queries;
  return { server, client: httpClient(url), url, queries, reads: await queries.clarity.ready() };
}

/** Every principal that stacked, with its last stack-stx. */
function stackers(queries: WorldQueries): Map<string, number> {
  const { txs, principals } = queries.chain;
  const last = new Map<string, number>();
  for (let tx = 0; tx < queries.chain.anchoredCount; tx++)
    if (txs.action[tx] === Action.StackStx && txs.status[tx] === Status.Success)
      last.set(principals.name(txs.sender[tx] as number), tx);
  return last;
}

/**
 * Every stacker whose lock, as the engine's pox-4 holds it, differs from what the extended
 * answers, the node's account and @stacks/stacking's getStatus say, one line each; and how many
 * were stacked at the tip.
 */
async function stackerDisagreements(
  { client, url, queries, reads }: Served,
  walked: Map<string, number>,
): Promise<{ problems: string[]; stacked: number }> {
  const { net } = queries.chain;
  // A mainnet world's pox-4 is the engine's (the simnet's boot address is mainnet's).
  const pox = contractAt(queries.chain, queries.chain.poxContract).id;
  const length = net.poxCycleLength;
  // The engine's cycles are the world's less a whole number of them (docs/clarity.md).
  const engineCycle = readOnly(reads, pox, 'current-pox-reward-cycle', []) as UIntCV;
  const shift =
    cycleOf(burnHeightAt(queries.chain, tipHeight(queries.chain)), length) - Number(engineCycle.value);
  const network = createNetwork({ network: net.name, client: { baseUrl: url } });
  const problems: string[] = [];
  let stacked = 0;
  for (const address of walked.keys()) {
    const balances = (await client.get(`/extended/v1/address/${address}/balances`)).body as Balances;
    const account = (await client.get(`/v2/accounts/${address}?proof=0`)).body as {
      locked: string;
      unlock_height: number;
    };
    const client7 = new StackingClient({ address, network });
    const status = await client7.getStatus();
    const locked = BigInt(balances.stx.locked);
    const unlock = balances.stx.burnchain_unlock_height;
    const say = (what: string): number => problems.push(`${address}: ${what}`);
    if (BigInt(account.locked) !== locked || account.unlock_height !== (locked > 0n ? unlock : 0))
      say(
        `/v2/accounts locks ${BigInt(account.locked)} until ${account.unlock_height}, balances ${locked} until ${unlock}`,
      );
    const info = readOnly(reads, pox, 'get-stacker-info', [Cl.principal(address)]);
    if (locked === 0n) {
      if (info.type !== 'none') say(`pox-4 has it stacked, its balance shows nothing locked`);
      if (status.stacked) say('getStatus says stacked, its balance shows nothing locked');
      continue;
    }
    stacked++;
    if (info.type !== 'some') {
      say(`its balance shows ${locked} locked until ${unlock}, pox-4 has it not stacked`);
      continue;
    }
    const state = (info as StackerInfo).value.value;
    const first = BigInt(state['first-reward-cycle'].value);
    const period = BigInt(state['lock-period'].value);
    const index = state['reward-set-indexes'].value[0]?.value ?? 0;
    const entry = readOnly(reads, pox, 'get-reward-set-pox-address', [Cl.uint(first), Cl.uint(index)]);
    const { 'total-ustx': total, stacker: named, signer } = (entry as RewardSetEntry).value.value;
    const amount = BigInt(total.value);
    const stacker = Cl.prettyPrint(named.value).replace(/^'/, '');
    const poxUnlock = Number(first + period) * length + shift * length;
    if (amount !== locked || stacker !== address || poxUnlock !== unlock)
      say(`pox-4 locks ${amount} for ${stacker} until ${poxUnlock}, balances ${locked} until ${unlock}`);
    if (
      !status.stacked ||
      status.details.unlock_height !== unlock ||
      BigInt(status.details.first_reward_cycle) !== first
    )
      say(`getStatus says ${JSON.stringify(status)}`);
    const cycle = Number(first) + shift;
    const signers = (await client.get(`/extended/v2/pox/cycles/${cycle}/signers?limit=250`)).body as Signers;
    const listed = signers.results.find((s) => s.signing_key === `0x${signer.value}`);
    if (listed?.stacked_amount !== String(locked))
      say(`pox-4's signer 0x${signer.value} in cycle ${cycle} is listed as ${JSON.stringify(listed)}`);
  }
  return { problems, stacked };
}

describe.each([
  { name: 'the default world', world: undefined },
  { name: 'fixtures/worlds/stacking.yaml', world: 'fixtures/worlds/stacking.yaml' },
])('$name: stacking in pox-4', ({ world }) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(world);
  }, 180_000);
  afterAll(async () => {
    await served.client.close();
    served.server.close();
  });

  it('gives every stacker, in pox-4 and through getStatus, the lock its balance shows', async () => {
    const walked = stackers(served.queries);
    expect(walked.size).toBeGreaterThanOrEqual(world ? 2 : 20);
    const { problems, stacked } = await stackerDisagreements(served, walked);
    expect(problems).toEqual([]);
    expect(stacked).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("signs each stack-stx as @stacks/stacking signs it, for the call's cycle, period, address and amount", async () => {
    const { queries, client } = served;
    const { txs, net } = queries.chain;
    const tx = [...stackers(queries).values()][0] as number;
    const shown = (await client.get(`/extended/v1/tx/${txs.idHex(tx)}`)).body as {
      contract_call: { function_args: { name: string; hex: string }[] };
    };
    const arg = (name: string): string =>
      shown.contract_call.function_args.find((a) => a.name === name)?.hex ?? '';
    const signature = signPox4SignatureHash({
      topic: Pox4SignatureTopic.StackStx,
      poxAddress: poxBitcoinAddress(queries.chain, tx),
      rewardCycle: cycleOf(burnHeightAt(queries.chain, txs.height[tx] as number), net.poxCycleLength),
      period: Number(txs.aux.at(tx)),
      network: net.name,
      privateKey: signerPrivateKeyOf(txs, tx),
      maxAmount: BigInt(txs.amount.at(tx)),
      authId: (txs.nonce[tx] as number) + 1,
    });
    expect(arg('signer-sig')).toBe(cvToHex(Cl.some(Cl.bufferFromHex(signature))));
  });
});
