import { Cl, makeContractCall, makeContractDeploy, privateKeyToAddress } from '@stacks/transactions';
import { afterAll, describe, expect, it } from 'vitest';
import { ClarityWarming } from '../clarity/unavailable.ts';
import { createMock } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import { kernelReads } from '../kernel-reads.ts';
import { everyAnswer, txOf } from '../../testing/worlds/live-chain-kit.ts';

// `mineLater` runs a block's Clarity transactions before the block is written, then mines it
// again taking what they did: the chain must be the one `mine` makes, byte for byte. Two mocks of
// one small world (two engines), the same signed transactions, one mined each way.
const KEY = '5b2e3ae7c4f1d0e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f501';
const sender = privateKeyToAddress(KEY, 'testnet');
const SOURCE = `(define-data-var n uint u0)
(define-public (bump (by uint)) (begin (var-set n (+ (var-get n) by)) (print { n: (var-get n) }) (ok (var-get n))))
`;

function testnetMock(): MockKernel {
  return createMock({ seed: 9, blocks: 60, network: 'testnet', quiet: true });
}

/** Broadcasts `bytes`, waiting for the engine when admission needs it and it is still starting. */
async function broadcast(mock: MockKernel, bytes: Uint8Array): Promise<string> {
  for (;;) {
    try {
      return mock.live.broadcast(bytes).txid;
    } catch (error) {
      if (!(error instanceof ClarityWarming)) throw error;
      await error.ready;
    }
  }
}

async function signed(key = KEY): Promise<Uint8Array[]> {
  const deploy = await makeContractDeploy({
    contractName: 'bumper',
    codeBody: SOURCE,
    senderKey: key,
    network: 'testnet',
    nonce: 0,
    fee: 50_000,
  });
  const call = await makeContractCall({
    contractAddress: privateKeyToAddress(key, 'testnet'),
    contractName: 'bumper',
    functionName: 'bump',
    functionArgs: [Cl.uint(7)],
    senderKey: key,
    network: 'testnet',
    nonce: 1,
    fee: 10_000,
  });
  return [deploy.serializeBytes(), call.serializeBytes()];
}

/** The same story on a fresh mock, each block mined by `mine`: now or later (its Clarity first). */
async function story(
  mine: (mock: MockKernel) => Promise<unknown>,
): Promise<{ answers: string; statuses: unknown[]; told: string[] }> {
  const mock = testnetMock();
  // What the chain's watchers (the live updates) are told: a block stopped for its Clarity is no change.
  const told: string[] = [];
  mock.live.watch({
    before: (kind) => told.push(`before ${kind}`),
    after: (change) => told.push(`after ${JSON.stringify(change)}`),
  });
  try {
    await mock.live.queries.clarity.ready();
    mock.live.faucet(sender);
    await mine(mock);
    const [deploy, call] = await signed();
    const ids = [await broadcast(mock, deploy as Uint8Array)];
    await mine(mock);
    ids.push(await broadcast(mock, call as Uint8Array));
    await mine(mock);
    const world = kernelReads(mock);
    const statuses = ids.map(
      (id) => (txOf(world, id) as { result?: { tx_status?: string } }).result?.tx_status,
    );
    return { answers: everyAnswer(mock, [sender]), statuses, told };
  } finally {
    mock.live.queries.clarity.close();
  }
}

// One mock for the three moves and the reorg past a deployment, each with a sender of its own,
// the reset before the reorg: a mock of their own each started four engines and replayed the
// world in each. Its last byte marks a key compressed: the byte before it differs.
const shared = testnetMock();
afterAll(() => shared.live.queries.clarity.close());
const keys = {
  mine: KEY,
  reorg: `${KEY.slice(0, 62)}0201`,
  reset: `${KEY.slice(0, 62)}0301`,
  deployment: `${KEY.slice(0, 62)}0401`,
};

describe('mining a block’s Clarity transactions first', () => {
  it('makes the chain mining them at once makes: every answer the same, the deployment and the call mined', async () => {
    const now = await story(async (mock) => mock.live.mine());
    const later = await story((mock) => mock.live.mineLater());
    expect(now.statuses).toEqual(['success', 'success']);
    expect(later.statuses).toEqual(now.statuses);
    expect(later.answers).toBe(now.answers);
    // Each block told once, after it is mined; a block stopped for its Clarity first tells only
    // `before` (it changed nothing), and at least one was.
    const befores = (run: { told: string[] }) => run.told.filter((t) => t.startsWith('before')).length;
    expect(later.told.filter((t) => t.startsWith('after'))).toEqual(
      now.told.filter((t) => t.startsWith('after')),
    );
    expect(befores(later)).toBeGreaterThan(befores(now));
  }, 300_000);

  it.each(['mine', 'reorg', 'reset'] as const)(
    'a %s while a block’s Clarity runs first: the block is mined on the chain as it then is, and the engine holds that chain',
    async (move) => {
      const { live } = shared;
      const clarity = live.queries.clarity;
      const key = keys[move];
      const mover = privateKeyToAddress(key, 'testnet');
      await clarity.ready();
      live.faucet(mover);
      // The faucet's block stays below the reorg: the deployment's fee stays covered.
      live.mine(2);
      const [deploy] = await signed(key);
      const id = await broadcast(shared, deploy as Uint8Array);
      const mined = live.mineLater();
      // The block's work is in flight once the engine serves no reads now.
      for (let turns = 0; clarity.readsNow() && turns < 1000; turns++) await new Promise(setImmediate);
      expect(clarity.readsNow()).toBeUndefined();
      const moved = move === 'mine' ? live.mine() : move === 'reorg' ? live.reorg(1) : live.reset();
      const tip = await mined;
      expect(tip.height).toBe(moved.height + 1);
      expect(live.tip()).toEqual(tip);
      const reads = await clarity.ready();
      expect(reads.tip.height).toBe(tip.height);
      const status = (txOf(kernelReads(shared), id) as { result?: { tx_status?: string } }).result?.tx_status;
      if (move === 'reset') expect(status).toBeUndefined();
      else {
        // Still pending (the block mined meanwhile left it waiting), back in the mempool with the
        // orphaned block, or mined again: never lost.
        expect(['pending', 'success']).toContain(status);
        expect(reads.contracts().includes(`${mover}.bumper`)).toBe(status === 'success');
      }
    },
    300_000,
  );
});

describe('a reorg past a pending broadcast deployment', () => {
  it('registers its contract again under a deployer first seen in the orphaned blocks (a faucet’s recipient), instead of throwing', async () => {
    // The shared mock, reset by the moves above: this sender is new to it, as to a fresh mock.
    const { live } = shared;
    const deployer = privateKeyToAddress(keys.deployment, 'testnet');
    await live.queries.clarity.ready();
    live.faucet(deployer);
    live.mine();
    const [deploy] = await signed(keys.deployment);
    const id = await broadcast(shared, deploy as Uint8Array);
    const tip = live.reorg(1);
    expect(live.tip()).toEqual(tip);
    // The faucet's transfer is back in the mempool: the deployment waits behind it, or cannot pay.
    const status = (txOf(kernelReads(shared), id) as { result?: { tx_status?: string } }).result?.tx_status;
    expect(['pending', 'dropped_replace_across_fork']).toContain(status);
    expect(live.queries.chain.contracts.some((c) => c.id === `${deployer}.bumper`)).toBe(true);
  }, 300_000);
});
