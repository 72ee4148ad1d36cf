import { createNetwork } from '@stacks/network';
import { broadcastTransaction, makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import { startMock, type Mock } from './index.ts';

// Replace-by-fee from a wallet: the same nonce again with a higher fee, signed with stacks.js.
const KEY = `${'5d'.repeat(32)}01`;
const sender = privateKeyToAddress(KEY, 'testnet');
const recipient = privateKeyToAddress(`${'6e'.repeat(32)}01`, 'testnet');

interface PendingTx {
  tx_status: string;
  replaced_by_tx_id?: string | null;
}

async function funded(apiVersion: string): Promise<Mock> {
  const mock = await startMock({ port: 0, network: 'testnet', blocks: 60, quiet: true, apiVersion });
  await httpClient(mock.url, { keepAlive: false }).post(`/extended/v1/faucets/stx?address=${sender}`);
  mock.mine();
  return mock;
}

function transfer(mock: Mock, nonce: number, fee: number, amount = 1_000n) {
  return makeSTXTokenTransfer({
    recipient,
    amount,
    senderKey: KEY,
    network: createNetwork({ network: 'testnet', client: { baseUrl: mock.url } }),
    nonce,
    fee,
  });
}

async function broadcast(mock: Mock, tx: Awaited<ReturnType<typeof transfer>>) {
  const network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  return broadcastTransaction({ transaction: tx, network });
}

async function get<T>(mock: Mock, path: string): Promise<T> {
  return (await httpClient(mock.url, { keepAlive: false }).get(path)).body as T;
}

describe('replace-by-fee on POST /v2/transactions (as 9.0.2)', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await funded('9.0.2');
  });
  afterAll(() => mock.close());

  it('takes the same nonce with a higher fee: the first is dropped_replace_by_fee naming the second, which the next block mines', async () => {
    const first = await transfer(mock, 0, 300);
    const later = await transfer(mock, 1, 300);
    expect(await broadcast(mock, first)).toEqual({ txid: first.txid() });
    expect(await broadcast(mock, later)).toEqual({ txid: later.txid() });

    const same = await transfer(mock, 0, 300, 2_000n);
    expect(await broadcast(mock, same)).toMatchObject({
      error: 'transaction rejected',
      reason: 'ConflictingNonceInMempool',
      txid: same.txid(),
    });
    const lower = await transfer(mock, 0, 299, 2_000n);
    expect(await broadcast(mock, lower)).toMatchObject({ reason: 'ConflictingNonceInMempool' });

    const higher = await transfer(mock, 0, 301, 2_000n);
    expect(await broadcast(mock, higher)).toEqual({ txid: higher.txid() });
    const dropped = await get<PendingTx>(mock, `/extended/v1/tx/0x${first.txid()}`);
    expect(dropped).toMatchObject({
      tx_status: 'dropped_replace_by_fee',
      replaced_by_tx_id: `0x${higher.txid()}`,
    });
    const multiple = await get<Record<string, { result: PendingTx }>>(
      mock,
      `/extended/v1/tx/multiple?tx_id=0x${first.txid()}`,
    );
    expect(multiple[`0x${first.txid()}`]?.result.replaced_by_tx_id).toBe(`0x${higher.txid()}`);
    // The replaced one no longer counts: the nonces and the next one are the account's own.
    expect(await get(mock, `/extended/v1/address/${sender}/nonces`)).toMatchObject({
      last_mempool_tx_nonce: 1,
      possible_next_nonce: 2,
    });
    const rebroadcast = await broadcast(mock, higher);
    expect(rebroadcast).toEqual({ txid: higher.txid() });

    mock.mine();
    expect(await get<PendingTx>(mock, `/extended/v1/tx/0x${higher.txid()}`)).toMatchObject({
      tx_status: 'success',
    });
    expect(await get<PendingTx>(mock, `/extended/v1/tx/0x${later.txid()}`)).toMatchObject({
      tx_status: 'success',
    });
    expect(await get<PendingTx>(mock, `/extended/v1/tx/0x${first.txid()}`)).toMatchObject({
      tx_status: 'dropped_replace_by_fee',
      replaced_by_tx_id: `0x${higher.txid()}`,
    });
    const balances = await get<{ stx: { balance: string } }>(mock, `/extended/v1/address/${sender}/balances`);
    expect(BigInt(balances.stx.balance)).toBe(500_000_000n - 2_000n - 301n - 1_000n - 300n);
  });

  it('replaces only with what the payer can pay, counting back what the replaced one held', async () => {
    const nonce = 2;
    const spendable = 500_000_000n - 2_000n - 301n - 1_000n - 300n;
    const all = await transfer(mock, nonce, 300, spendable - 300n);
    expect(await broadcast(mock, all)).toEqual({ txid: all.txid() });
    const more = await transfer(mock, nonce, 400, spendable - 300n);
    expect(await broadcast(mock, more)).toMatchObject({ reason: 'NotEnoughFunds' });
    const fits = await transfer(mock, nonce, 400, spendable - 400n);
    expect(await broadcast(mock, fits)).toEqual({ txid: fits.txid() });
  });
});

describe('replace-by-fee as 8.11.6', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await funded('8.11.6');
  });
  afterAll(() => mock.close());

  it('shows the replaced transaction dropped_replace_by_fee, without the field 8.11.6 does not have', async () => {
    const first = await transfer(mock, 0, 300);
    const higher = await transfer(mock, 0, 1_000);
    await broadcast(mock, first);
    expect(await broadcast(mock, higher)).toEqual({ txid: higher.txid() });
    const dropped = await get<PendingTx>(mock, `/extended/v1/tx/0x${first.txid()}`);
    expect(dropped.tx_status).toBe('dropped_replace_by_fee');
    expect(dropped).not.toHaveProperty('replaced_by_tx_id');
  });
});
