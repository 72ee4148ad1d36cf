import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  Cl,
  fetchCallReadOnlyFunction,
  makeContractDeploy,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../../api/index.ts';
import { httpClient, type HttpClient } from '../../../spec/http/client.ts';
import { okBody } from '../../../testing/http/ok-body.ts';
import type { WorldCatalogue } from '../../query/catalogue.ts';

// A miner's matured rewards are the world's to spend: the world credits them as each matures,
// and the Clarity engine, which replays the world's transfers and stack-stx calls, must hold them
// too, or a miner who spends them is refused there (`ReplayRefusal`, a 500 on every contract
// route: seen on a living chain past 950 blocks). A probe contract reads the miner's STX in the
// engine. The engine charges no fees, so it holds at least what the extended API shows unlocked.
const KEY = 'c1d0d6ba4fdc0a5e3bd31f7b7f2fb5e7b8f3a3c1ef1f2a1ad7e3b1c2d4e5f60701';
const deployer = privateKeyToAddress(KEY, 'testnet');
const PROBE = `(define-read-only (stx (who principal)) (stx-get-balance who))`;

let mock: Mock;
let client: HttpClient;
let network: ReturnType<typeof createNetwork>;

interface Stx {
  balance: string;
  locked: string;
  total_miner_rewards_received: string;
}

beforeAll(async () => {
  // 160 blocks: the rewards of the first 59 have matured (100 blocks each).
  mock = await startMock({ port: 0, network: 'testnet', blocks: 160, quiet: true, rateLimit: 0 });
  client = httpClient(mock.url, { timeoutMs: 120_000 });
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  expect((await client.post(`/extended/v1/faucets/stx?address=${deployer}`)).status).toBe(200);
  expect((await client.post('/_mock/mine', { blocks: 1 })).status).toBe(200);
  const deploy = await makeContractDeploy({
    contractName: 'probe',
    codeBody: PROBE,
    senderKey: KEY,
    network,
    nonce: 0n,
    fee: 50_000,
  });
  expect(await broadcastTransaction({ transaction: deploy, network })).toEqual({ txid: deploy.txid() });
  expect((await client.post('/_mock/mine', { blocks: 1 })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await client.close();
  await mock.close();
});

describe("the Clarity engine holds a miner's matured rewards", () => {
  it('reads the miner at least its unlocked extended balance, which its rewards are most of', async () => {
    const { addresses } = await okBody<WorldCatalogue>(client, '/_mock/world');
    const miner = addresses.miner;
    const { stx } = await okBody<{ stx: Stx }>(client, `/extended/v1/address/${miner}/balances`);
    const unlocked = BigInt(stx.balance) - BigInt(stx.locked);
    expect(BigInt(stx.total_miner_rewards_received)).toBeGreaterThan(0n);
    const held = await fetchCallReadOnlyFunction({
      contractAddress: deployer,
      contractName: 'probe',
      functionName: 'stx',
      functionArgs: [Cl.principal(miner)],
      senderAddress: deployer,
      network,
    });
    expect(held.type).toBe('uint');
    expect(BigInt((held as { value: bigint | string }).value)).toBeGreaterThanOrEqual(unlocked);
  }, 120_000);
});
