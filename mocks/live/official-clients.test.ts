import { connectWebSocketClient, StacksApiSocketClient } from '@stacks/blockchain-api-client';
import { createNetwork } from '@stacks/network';
import { broadcastTransaction, makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type Mock } from '../../api/index.ts';
import { httpClient } from '../../spec/http/client.ts';

/** vi.waitFor gives up after 1 s by default, which a loaded machine's sockets can outlast. */
const SETTLE = { timeout: 15_000 };

// The official client's two live channels, unmodified, against the mock as an app would use them
// (testnet; blocks mined by the control plane so the test does not wait on a clock).
const KEY = `${'4c'.repeat(32)}01`;
const wallet = privateKeyToAddress(KEY, 'testnet');
const recipient = privateKeyToAddress(`${'7a'.repeat(32)}01`, 'testnet');

let mock: Mock;
let rpc: Awaited<ReturnType<typeof connectWebSocketClient>>;
let io: StacksApiSocketClient;
const seen = {
  rpcBlocks: [] as { height: number }[],
  ioBlocks: [] as { height: number }[],
  mempool: [] as string[],
};

async function get<T>(path: string): Promise<T> {
  return (await httpClient(mock.url, { keepAlive: false }).get(path)).body as T;
}

beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', blocks: 60, quiet: true });
  rpc = await connectWebSocketClient(mock.url);
  await rpc.subscribeBlocks((b) => seen.rpcBlocks.push(b));
  await rpc.subscribeMempool((tx) => seen.mempool.push(`${tx.tx_id} ${tx.tx_status}`));
  io = new StacksApiSocketClient({ url: mock.url, subscriptions: ['block'] });
  io.socket.on('block', (b) => seen.ioBlocks.push(b));
  await new Promise((resolve) => io.socket.once('connect', () => resolve(undefined)));
});

afterAll(async () => {
  rpc.webSocket.close();
  io.socket.close();
  await mock.close();
});

describe('the official client against the mock', () => {
  it('gets each mined block once, in order, on both channels, as /extended/v2/blocks/{height} answers it', async () => {
    const from = mock.mine().height;
    mock.mine(2);
    await vi.waitFor(
      () => expect(seen.ioBlocks.map((b) => b.height)).toEqual([from, from + 1, from + 2]),
      SETTLE,
    );
    expect(seen.rpcBlocks.map((b) => b.height)).toEqual([from, from + 1, from + 2]);
    for (const block of seen.rpcBlocks) {
      const { tx_count, parent_index_block_hash, ...shared } = await get<Record<string, unknown>>(
        `/extended/v2/blocks/${block.height}`,
      );
      expect(block).toMatchObject(shared);
      expect((block as unknown as { txs: string[] }).txs).toHaveLength(tx_count as number);
      expect(block).not.toHaveProperty('parent_index_block_hash', parent_index_block_hash);
    }
    expect(seen.ioBlocks).toEqual(seen.rpcBlocks);
  });

  it('announces a faucet transfer and a stacks.js transfer in the mempool, then pending and success on their topics', async () => {
    const balances: unknown[] = [];
    const addressTxs: { tx_id: string; tx_status: string }[] = [];
    await rpc.subscribeAddressBalanceUpdates(wallet, (b) => balances.push(b));
    await rpc.subscribeAddressTransactions(wallet, (t) => addressTxs.push(t));
    const ioBalances: unknown[] = [];
    io.subscribeAddressStxBalance(wallet, (_address, b) => ioBalances.push(b));

    const faucet = (
      await httpClient(mock.url, { keepAlive: false }).post(`/extended/v1/faucets/stx?address=${wallet}`)
    ).body as { txId: string };
    await vi.waitFor(() => expect(seen.mempool).toContain(`${faucet.txId} pending`), SETTLE);
    const faucetUpdates: string[] = [];
    await rpc.subscribeTxUpdates(faucet.txId, (tx) => faucetUpdates.push(tx.tx_status));
    mock.mine();
    await vi.waitFor(() => expect(faucetUpdates).toEqual(['success']), SETTLE);
    await vi.waitFor(
      () => expect(addressTxs.map((t) => `${t.tx_id} ${t.tx_status}`)).toEqual([`${faucet.txId} success`]),
      SETTLE,
    );

    const network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
    const transfer = await makeSTXTokenTransfer({
      recipient,
      amount: 1_000n,
      senderKey: KEY,
      network,
      fee: 300,
    });
    const txId = `0x${transfer.txid()}`;
    const rpcUpdates: string[] = [];
    const ioUpdates: string[] = [];
    await rpc.subscribeTxUpdates(txId, (tx) => rpcUpdates.push(tx.tx_status));
    io.subscribeTransaction(txId, (tx) => ioUpdates.push(tx.tx_status));
    await broadcastTransaction({ transaction: transfer, network });
    await vi.waitFor(() => expect(rpcUpdates).toEqual(['pending']), SETTLE);
    expect(seen.mempool).toContain(`${txId} pending`);
    mock.mine();
    await vi.waitFor(() => expect(rpcUpdates).toEqual(['pending', 'success']), SETTLE);
    await vi.waitFor(() => expect(ioUpdates).toEqual(['pending', 'success']), SETTLE);
    await vi.waitFor(() => expect(addressTxs.map((t) => t.tx_id)).toEqual([faucet.txId, txId]), SETTLE);

    const { stx } = await get<{ stx: Record<string, unknown> }>(`/extended/v1/address/${wallet}/balances`);
    const { estimated_balance, pending_balance_inbound, pending_balance_outbound, ...mined } = stx;
    await vi.waitFor(() => expect(balances).toHaveLength(2), SETTLE);
    expect(balances.at(-1)).toEqual({ address: wallet, ...mined });
    await vi.waitFor(() => expect(ioBalances.at(-1)).toEqual(mined), SETTLE);
    expect(estimated_balance).toBe(mined['balance']);
    expect([pending_balance_inbound, pending_balance_outbound]).toEqual(['0', '0']);
  });

  it('refuses a handshake with an unknown topic with the real service’s message', async () => {
    const refused = new StacksApiSocketClient({
      url: mock.url,
      subscriptions: ['block', 'blocks' as 'block'],
    });
    const message = await new Promise<string>((resolve) =>
      refused.socket.once('connect_error', (e) => resolve(e.message)),
    );
    refused.socket.close();
    expect(message).toBe('Invalid topic: blocks');
  });
});
