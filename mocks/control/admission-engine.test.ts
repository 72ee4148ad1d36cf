import { Cl, makeContractCall, makeContractDeploy, privateKeyToAddress } from '@stacks/transactions';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ClarityWarming } from '../clarity/unavailable.ts';
import { createMock } from '../create-mock.ts';
import { kernelReads } from '../kernel-reads.ts';
import { txOf } from '../../testing/worlds/live-chain-kit.ts';
import { rejection } from '../../testing/node-rejection.ts';

// A broadcast whose admission reads the Clarity engine (a deployment, a call the mock does not
// derive) never holds the mock's thread on it: an engine that lags the chain catches up, and a
// contract's interface is read, each crossing asynchronously; a call to a contract whose interface
// the engine already gave is admitted at once, even while the engine lags the chain.
const KEY = '6c2e3ae7c4f1d0e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f501';
const sender = privateKeyToAddress(KEY, 'testnet');
const SOURCE = `(define-data-var n uint u0)
(define-public (bump (by uint)) (begin (var-set n (+ (var-get n) by)) (ok (var-get n))))
`;

const mock = createMock({ seed: 9, blocks: 60, network: 'testnet', quiet: true });
afterAll(() => mock.live.queries.clarity.close());

/** Broadcasts `bytes`, waiting each time admission needs the engine; how many times it waited. */
async function broadcast(bytes: Uint8Array): Promise<{ txid: string; waited: number }> {
  for (let waited = 0; ; waited++) {
    try {
      return { txid: mock.live.broadcast(bytes).txid, waited };
    } catch (error) {
      if (!(error instanceof ClarityWarming)) throw error;
      await error.ready;
    }
  }
}

async function deploy(nonce: number): Promise<Uint8Array> {
  const tx = await makeContractDeploy({
    contractName: 'bumper',
    codeBody: SOURCE,
    senderKey: KEY,
    network: 'testnet',
    nonce,
    fee: 50_000,
  });
  return tx.serializeBytes();
}

async function call(nonce: number, functionName = 'bump'): Promise<Uint8Array> {
  const tx = await makeContractCall({
    contractAddress: sender,
    contractName: 'bumper',
    functionName,
    functionArgs: [Cl.uint(nonce)],
    senderKey: KEY,
    network: 'testnet',
    nonce,
    fee: 10_000,
  });
  return tx.serializeBytes();
}

function statusOf(txid: string): unknown {
  return (txOf(kernelReads(mock), txid) as { result?: { tx_status?: string } }).result?.tx_status;
}

describe('a broadcast that reads the Clarity engine', () => {
  it('is admitted without the mock’s thread asleep on the engine, lagging the chain or busy with a block', async () => {
    const { live } = mock;
    const clarity = live.queries.clarity;
    await clarity.ready();
    live.faucet(sender);
    live.mine();
    const deployed = await broadcast(await deploy(0));
    await live.mineLater();
    expect(statusOf(deployed.txid)).toBe('success');
    const [first, second, unknown, again] = await Promise.all([
      call(1),
      call(2),
      call(3, 'no-such-function'),
      deploy(3),
    ]);
    // Blocks mined without the engine: it lags the chain by three.
    live.mine(3);
    const sleeps = vi.spyOn(Atomics, 'wait');
    try {
      const firstTaken = await broadcast(first);
      // It waited for the engine to catch up and to answer the contract's interface, asleep never.
      expect(firstTaken.waited).toBeGreaterThan(0);
      expect(sleeps).not.toHaveBeenCalled();
      const mined = live.mineLater();
      for (let turns = 0; !clarity.busy && turns < 1000; turns++) await new Promise(setImmediate);
      expect(clarity.busy).toBe(true);
      // While a block's work runs, the next waits for it (taken then, it could change the block).
      expect(() => live.broadcast(second)).toThrow(ClarityWarming);
      await mined;
      // The engine lags the chain again: the interface it gave admits the next call at once, and
      // refuses what the contract does not hold as the node refuses it.
      live.mine(2);
      const secondTaken = await broadcast(second);
      expect(secondTaken.waited).toBe(0);
      expect(rejection(() => live.broadcast(unknown)).reason).toBe('NoSuchPublicFunction');
      expect(rejection(() => live.broadcast(again)).body()).toMatchObject({
        reason: 'ContractAlreadyExists',
        reason_data: { contract_identifier: `${sender}.bumper` },
      });
      await live.mineLater();
      expect(sleeps).not.toHaveBeenCalled();
      expect([statusOf(firstTaken.txid), statusOf(secondTaken.txid)]).toEqual(['success', 'success']);
    } finally {
      sleeps.mockRestore();
    }
  }, 300_000);
});
