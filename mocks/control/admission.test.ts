import {
  makeContractCall,
  makeSTXTokenTransfer,
  PostConditionMode,
  privateKeyToAddress,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { createMock, nodeSources } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import { Undecodable } from './admission.ts';
import { FAUCET_MICRO_STX } from './live-chain.ts';
import { kernelReads } from '../kernel-reads.ts';
import { txOf } from '../../testing/worlds/live-chain-kit.ts';
import { minedDeposit, vaultDeposit } from '../../testing/wallet/vault-deposit.ts';
import { Writable } from 'node:stream';
import { writeEventStream } from '../event-stream/export-stream.ts';
import { rejection } from '../../testing/node-rejection.ts';

// Fixed test keys: signing is deterministic (RFC 6979), so every run signs the same bytes.
const KEY = '753b7cc01a1a2e86221266a154af739463fce51219d97e4f856cd7200c3bd2a601';
const OTHER = 'f9d7206a47f14d2870c163ebab4bf3e70d18f5d14ce1031f3902fbbc894fe4c701';
const address = privateKeyToAddress(KEY, 'testnet');
const other = privateKeyToAddress(OTHER, 'testnet');

function testnetMock(): MockKernel {
  return createMock({ seed: 5, blocks: 80, network: 'testnet', quiet: true });
}

async function transfer(
  nonce: number,
  opts: { key?: string; to?: string; amount?: number; network?: 'mainnet' | 'testnet' } = {},
) {
  const tx = await makeSTXTokenTransfer({
    recipient: opts.to ?? other,
    amount: opts.amount ?? 1_000_000,
    senderKey: opts.key ?? KEY,
    network: opts.network ?? 'testnet',
    nonce,
    fee: 300,
    memo: 'hello',
  });
  return tx.serializeBytes();
}

describe('admission of signed transactions', () => {
  it('takes a funded key’s transfer under its own txid, mines it in the next block, and moves amount plus fee', async () => {
    const mock = testnetMock();
    const { live } = mock;
    const world = kernelReads(mock);
    live.faucet(address);
    live.mine();
    const before = BigInt(
      world.get('get_account_balance', { path: { principal: address }, query: { unanchored: false } })?.stx
        .balance ?? '0',
    );
    expect(before).toBe(BigInt(FAUCET_MICRO_STX));
    const bytes = await transfer(0);
    const { txid } = live.broadcast(bytes);
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    const pending = txOf(world, txid);
    expect(pending).toMatchObject({
      found: true,
      result: { tx_status: 'pending', nonce: 0, fee_rate: '300' },
    });
    live.mine();
    const mined = txOf(world, txid);
    expect(mined).toMatchObject({
      found: true,
      result: {
        tx_status: 'success',
        sender_address: address,
        token_transfer: { recipient_address: other, amount: '1000000' },
      },
    });
    const after = BigInt(
      world.get('get_account_balance', { path: { principal: address }, query: { unanchored: false } })?.stx
        .balance ?? '0',
    );
    expect(before - after).toBe(1_000_300n);
    expect(
      world.get('get_account_balance', { path: { principal: other }, query: { unanchored: false } })?.stx
        .balance,
    ).toBe('1000000');
  });

  it('refuses as the node does, and a refusal changes nothing', async () => {
    const mock = testnetMock();
    const { live } = mock;
    const world = kernelReads(mock);
    live.faucet(address);
    live.mine();
    live.broadcast(await transfer(0));
    live.mine();
    const replayed = await transfer(0, { amount: 5 });
    const gap = await transfer(3);
    const unfunded = await transfer(0, { key: OTHER, to: address });
    const mainnet = await transfer(1, { network: 'mainnet' });
    const tooMuch = await transfer(1, { amount: FAUCET_MICRO_STX });
    const version = live.queries.version;
    const stats = JSON.stringify(world.get('get_mempool_transaction_stats')!);
    expect(() => live.broadcast(Uint8Array.of(1, 2, 3))).toThrow(Undecodable);
    expect(rejection(() => live.broadcast(replayed)).body()).toMatchObject({
      error: 'transaction rejected',
      reason: 'BadNonce',
      reason_data: { expected: 1, actual: 0, principal: address, is_origin: true },
    });
    expect(rejection(() => live.broadcast(gap)).body()).toMatchObject({
      reason: 'BadNonce',
      reason_data: { expected: 1, actual: 3 },
    });
    expect(rejection(() => live.broadcast(unfunded)).body()).toMatchObject({
      reason: 'NotEnoughFunds',
      reason_data: { expected: `0x${(1_000_300).toString(16).padStart(32, '0')}` },
    });
    expect(rejection(() => live.broadcast(tooMuch)).reason).toBe('NotEnoughFunds');
    expect(rejection(() => live.broadcast(mainnet)).body()).toEqual({
      txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      error: 'transaction rejected',
      reason: 'BadTransactionVersion',
    });
    const tampered = await transfer(1);
    tampered[tampered.length - 40] = (tampered[tampered.length - 40] as number) ^ 1;
    expect(['SignatureValidation', 'BadNonce']).toContain(rejection(() => live.broadcast(tampered)).reason);
    expect(live.queries.version).toBe(version);
    expect(JSON.stringify(world.get('get_mempool_transaction_stats')!)).toBe(stats);
  });

  it('confirms a contract call against a token of the world with its events', async () => {
    const mock = testnetMock();
    const { live } = mock;
    const world = kernelReads(mock);
    live.faucet(address);
    live.mine();
    const chain = live.queries.chain;
    const vault = chain.contracts.find((c) => c.kind === 2 && !c.pending);
    if (!vault) throw new Error('no vault in the world');
    const [contractAddress, contractName] = vault.id.split('.') as [string, string];
    const tx = await vaultDeposit(vault.id, 2_000_000, KEY, 'testnet', { nonce: 0, fee: 1000 });
    const { txid } = live.broadcast(tx.serializeBytes());
    live.mine();
    const mined = txOf(world, txid);
    expect(mined).toMatchObject({ found: true, result: minedDeposit(vault.id, address, 2_000_000) });
    const unknown = await makeContractCall({
      contractAddress,
      contractName,
      functionName: 'no-such-function',
      functionArgs: [],
      senderKey: KEY,
      network: 'testnet',
      nonce: 1,
      fee: 1000,
    });
    expect(rejection(() => live.broadcast(unknown.serializeBytes())).reason).toBe('NoSuchPublicFunction');
  });

  it('originator mode: refused as the node of an epoch before 4 refuses it, on a release that cannot import it', async () => {
    const originator = await makeContractCall({
      contractAddress: address,
      contractName: 'no-such-contract',
      functionName: 'go',
      functionArgs: [],
      senderKey: KEY,
      network: 'testnet',
      nonce: 0,
      fee: 1000,
      postConditionMode: PostConditionMode.Originator,
    });
    // One chain served as both releases (the kernel's `MockSources.live`): each admits as its own.
    const v9 = testnetMock();
    const v8 = createMock(
      { seed: 5, blocks: 80, network: 'testnet', quiet: true, apiVersion: '8.11.6' },
      { ...nodeSources(undefined), live: v9.live },
    );
    v9.live.faucet(address);
    v9.live.mine();
    const broadcast = async (mock: MockKernel): Promise<unknown> =>
      (
        await mock.handle({
          method: 'POST',
          target: '/v2/transactions',
          headers: { 'content-type': 'application/octet-stream' },
          ip: '127.0.0.1',
          body: originator.serializeBytes(),
        })
      ).body;
    expect(await broadcast(v8)).toMatchObject({
      reason: 'ServerFailureOther',
      reason_data: { message: 'Transaction is not supported in this epoch' },
    });
    // v9 takes the mode: the call goes on to the contract's check.
    expect(await broadcast(v9)).toMatchObject({ reason: 'NoSuchContract' });
  });

  it('replaces a pending transaction by a higher fee: the node drops it, naming the replacement in its drop message', async () => {
    const { live } = testnetMock();
    live.faucet(address);
    live.mine();
    const first = live.broadcast(await transfer(0));
    const higher = await makeSTXTokenTransfer({
      recipient: other,
      amount: 5,
      senderKey: KEY,
      network: 'testnet',
      nonce: 0,
      fee: 301,
    });
    const { txid } = live.broadcast(higher.serializeBytes());
    const chain = live.queries.chain;
    const row = live.queries.findListedTx(first.txid, false);
    expect(row?.table).toBe('mempool');
    const out: string[] = [];
    await writeEventStream(
      chain,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out.push(chunk.toString());
          done();
        },
      }),
      () => undefined,
    );
    const drops = out
      .map((line) => line.split('\t'))
      .filter(([, , path]) => path === '/drop_mempool_tx')
      .map(([, , , payload]) => JSON.parse(payload as string) as Record<string, unknown>);
    expect(drops).toContainEqual({ dropped_txids: [first.txid], reason: 'ReplaceByFee', new_txid: txid });
  });
});
