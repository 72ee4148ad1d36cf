import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  Cl,
  fetchFeeEstimate,
  fetchNonce,
  makeContractCall,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { minedDeposit, vaultDeposit } from '../testing/wallet/vault-deposit.ts';
import { startMock, type Mock } from './index.ts';

// A wallet's send loop with stacks.js as an app runs it, unmodified, pointed at the mock.
const KEY = 'b244296d5907de9864c0b0d51f98a13c52890be0404e83f273144cd5b9960eed01';
/** A compressed private key from a small number: a key no world has funded. */
function key(n: number): string {
  return `${n.toString(16).padStart(64, '0')}01`;
}
const RECIPIENT = privateKeyToAddress(key(7), 'testnet');

let mock: Mock;
let client: HttpClient;
let network: ReturnType<typeof createNetwork>;
const sender = privateKeyToAddress(KEY, 'testnet');

/** The tip before the tests send anything: the sender has no transaction by its end. */
let start: { block_hash: string; index_block_hash: string };

beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', blocks: 80, quiet: true });
  client = httpClient(mock.url);
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  start = (await get<{ chain_tip: typeof start }>('/extended')).body.chain_tip;
});
afterAll(async () => {
  await client.close();
  await mock.close();
});

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await client.get(path);
  return { status: res.status, body: res.body as T };
}

describe('stacks.js against the mock', () => {
  it('faucet, nonce, fee, transfer, broadcast, pending then confirmed, balances moved, next nonce', async () => {
    const faucet = await client.post(`/extended/v1/faucets/stx?address=${sender}`);
    expect(faucet.status).toBe(200);
    expect(faucet.body).toMatchObject({
      success: true,
      txId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    mock.mine();
    expect(await fetchNonce({ address: sender, network })).toBe(0n);

    const unsigned = await makeSTXTokenTransfer({
      recipient: RECIPIENT,
      amount: 2_500_000n,
      senderKey: KEY,
      network,
      memo: 'rent',
    });
    const fee = await fetchFeeEstimate({ transaction: unsigned, network });
    expect(fee).toBeGreaterThanOrEqual(BigInt(unsigned.serializeBytes().length));
    expect(unsigned.auth.spendingCondition.fee).toBe(BigInt(fee));

    const result = await broadcastTransaction({ transaction: unsigned, network });
    expect(result).toEqual({ txid: unsigned.txid() });
    const txId = `0x${unsigned.txid()}`;
    const pending = await get<{ tx_status: string; nonce: number }>(`/extended/v1/tx/${txId}`);
    expect(pending).toMatchObject({ status: 200, body: { tx_status: 'pending', nonce: 0 } });
    const nonces = await get<Record<string, unknown>>(`/extended/v1/address/${sender}/nonces`);
    expect(nonces.body).toEqual({
      last_mempool_tx_nonce: 0,
      last_executed_tx_nonce: null,
      possible_next_nonce: 1,
      detected_missing_nonces: [],
      detected_mempool_nonces: [],
    });

    mock.mine();
    const confirmed = await get<Record<string, unknown>>(`/extended/v1/tx/${txId}`);
    expect(confirmed.body).toMatchObject({
      tx_status: 'success',
      tx_type: 'token_transfer',
      fee_rate: String(fee),
      token_transfer: { recipient_address: RECIPIENT, amount: '2500000' },
      events: [{ event_type: 'stx_asset', asset: { sender, recipient: RECIPIENT, amount: '2500000' } }],
    });
    const balances = await get<{ stx: { balance: string } }>(`/extended/v1/address/${sender}/balances`);
    expect(BigInt(balances.body.stx.balance)).toBe(500_000_000n - 2_500_000n - BigInt(fee));
    const account = await get<{ balance: string; nonce: number }>(`/v2/accounts/${sender}?proof=0`);
    expect(BigInt(account.body.balance)).toBe(500_000_000n - 2_500_000n - BigInt(fee));
    expect(account.body.nonce).toBe(1);
    const history = await get<{ results: { tx: { tx_id: string } }[] }>(
      `/extended/v1/address/${sender}/transactions_with_transfers`,
    );
    expect(history.body.results.map((r) => r.tx.tx_id)).toContain(txId);
    expect(await fetchNonce({ address: sender, network })).toBe(1n);

    const replay = await makeSTXTokenTransfer({
      recipient: RECIPIENT,
      amount: 1n,
      senderKey: KEY,
      network,
      nonce: 0,
      fee: 500,
    });
    expect(await broadcastTransaction({ transaction: replay, network })).toMatchObject({
      error: 'transaction rejected',
      reason: 'BadNonce',
      reason_data: { expected: 1, actual: 0 },
      txid: replay.txid(),
    });
    const broke = await makeSTXTokenTransfer({
      recipient: sender,
      amount: 1n,
      senderKey: key(9),
      network,
      nonce: 0,
      fee: 500,
    });
    expect(await broadcastTransaction({ transaction: broke, network })).toMatchObject({
      reason: 'NotEnoughFunds',
    });
    const mainnet = await makeSTXTokenTransfer({
      recipient: 'SP3FGQ8Z7JY9BWYZ5WM53E0M9NK7WHJF0691NZ159',
      amount: 1n,
      senderKey: KEY,
      network: 'mainnet',
      nonce: 1,
      fee: 500,
    });
    expect(await broadcastTransaction({ transaction: mainnet, network })).toMatchObject({
      reason: 'BadTransactionVersion',
    });
  });

  it('confirms a contract call against a contract of the world, with its events', async () => {
    const vault = mock.world.addresses.contract_principal;
    const [contractAddress] = vault.split('.') as [string, string];
    const call = await vaultDeposit(vault, 1_000_000, KEY, network);
    expect(await broadcastTransaction({ transaction: call, network })).toEqual({ txid: call.txid() });
    mock.mine();
    const mined = await get<Record<string, unknown>>(`/extended/v1/tx/0x${call.txid()}`);
    expect(mined.body).toMatchObject(minedDeposit(vault, sender, 1_000_000));
    expect(mined.body).toMatchObject({ contract_call: { function_args: [{ name: 'amount' }] } });
    const bare = await get<{ contract_call: Record<string, unknown> }>(
      `/extended/v1/tx/0x${call.txid()}?exclude_function_args=true`,
    );
    expect(bare.body.contract_call).not.toHaveProperty('function_args');
    const unknown = await makeContractCall({
      contractAddress,
      contractName: 'no-such-contract',
      functionName: 'deposit',
      functionArgs: [Cl.uint(1)],
      senderKey: KEY,
      network,
      fee: 1000,
    });
    expect(await broadcastTransaction({ transaction: unknown, network })).toMatchObject({
      reason: 'NoSuchContract',
    });
  });

  it('answers the nonces as of a past block, by height or block hash, and refuses what the real service refuses', async () => {
    const tip = await get<{ chain_tip: { block_height: number } }>('/extended');
    const height = tip.body.chain_tip.block_height;
    const now = await get<{ last_executed_tx_nonce: number }>(`/extended/v1/address/${sender}/nonces`);
    const atTip = await get(`/extended/v1/address/${sender}/nonces?block_height=${height}`);
    expect(atTip).toEqual({
      status: 200,
      body: {
        last_executed_tx_nonce: now.body.last_executed_tx_nonce,
        last_mempool_tx_nonce: null,
        possible_next_nonce: now.body.last_executed_tx_nonce + 1,
        detected_missing_nonces: [],
        detected_mempool_nonces: [],
      },
    });
    const early = await get(`/extended/v1/address/${sender}/nonces?block_hash=${start.block_hash}`);
    expect(early.body).toMatchObject({ last_executed_tx_nonce: null, possible_next_nonce: 0 });
    // The block hash only, as the real service looks it up: not the index block hash.
    expect(
      await get(`/extended/v1/address/${sender}/nonces?block_hash=${start.index_block_hash}`),
    ).toMatchObject({
      status: 404,
      body: { message: `No block found for {"hash":"${start.index_block_hash}"}` },
    });
    expect(await get(`/extended/v1/address/${sender}/nonces?block_height=${height + 50}`)).toMatchObject({
      status: 404,
      body: { message: `No block found for {"height":${height + 50}}` },
    });
    const both = await get<{ error: string }>(
      `/extended/v1/address/${sender}/nonces?block_height=1&block_hash=${start.block_hash}`,
    );
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Multiple block query parameters specified');
    const stacking = await client.post(`/extended/v1/faucets/stx?address=${sender}&stacking=true`);
    expect(stacking.status).toBe(400);
    expect(stacking.body).toMatchObject({
      success: false,
      error: expect.stringMatching(/^stacking=true/),
    });
  });

  it('refuses a body that is not a transaction with the node’s text, never a 500', async () => {
    for (const body of [Uint8Array.of(0, 1, 2), new Uint8Array()]) {
      const res = await client.send({
        method: 'POST',
        target: '/v2/transactions',
        headers: { 'Content-Type': 'application/octet-stream' },
        body,
      });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/^Failed to deserialize posted transaction: /);
    }
    const json = await client.post('/v2/transactions', { tx: 'zz' });
    expect([json.status, json.text]).toEqual([400, 'Failed to parse tx']);
    expect((await client.get('/v2/transactions')).status).toBe(405);
  });
});
