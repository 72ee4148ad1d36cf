import { c32address } from 'c32check';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../options.ts';
import { ChainBuilder } from './build-chain.ts';
import type { TxIntent } from './draft-tx.ts';
import { Action, Status } from '../tables/kinds.ts';

describe('reorgs', () => {
  it('keep a world shifted to a tip time in its time: blocks and receipts after a reorg come after the tip', () => {
    const tipTime = 1_800_000_000;
    const builder = new ChainBuilder(resolveOptions({ seed: 1, blocks: 200, tipTime }));
    builder.build();
    builder.reorg(3);
    const { blocks, receiptTime } = builder.current;
    for (let row = 1; row < blocks.count; row++) {
      expect(blocks.time[row], `block ${row + 1}`).toBeGreaterThanOrEqual(blocks.time[row - 1] as number);
      expect(blocks.burnTime[row], `burn block of ${row + 1}`).toBeGreaterThanOrEqual(
        blocks.burnTime[row - 1] as number,
      );
    }
    expect(blocks.time[blocks.count - 1]).toBeGreaterThan(tipTime - 3600);
    // A receipt comes from the shifted era, never from the unshifted one (years before the tip).
    for (const received of receiptTime) expect(received).toBeGreaterThan(tipTime - 86_400 * 30);
  });
});

/** A standard testnet address no seeded world draws: its hash160 is `byte` repeated. */
function freshAddress(byte: string): string {
  return c32address(26, byte.repeat(20));
}

function transfer(sender: number, peer: number): TxIntent {
  const intent = { action: Action.StxTransfer, status: Status.Pending, sender, sponsor: -1 };
  return { ...intent, fee: 180, contract: -1, peer, amount: 500_000_000, aux: 0, deny: false };
}

describe('a reorg past a pending broadcast deployment', () => {
  it('registers its contract again under its deployer, first seen after the checkpoint behind another new address', () => {
    const builder = new ChainBuilder(resolveOptions({ seed: 3, blocks: 60, network: 'testnet' }));
    const { principals } = builder.build();
    const funder = builder.draftContext.accounts[0] as number;
    // Two addresses new to the chain get STX in the block the reorg orphans, the deployer second:
    // the reorg forgets both, and the deployer comes back first (its deployment names it), so at
    // an index below the one it had.
    const bystander = principals.addStandard(freshAddress('01'));
    const deployerAddress = freshAddress('02');
    const deployer = principals.addStandard(deployerAddress);
    builder.submit(transfer(funder, bystander));
    builder.submit(transfer(funder, deployer));
    builder.mine();
    // As LiveChain.broadcast admits a deployment the engine checked: pending, under its own name.
    const contract = builder.registerBroadcast(deployer, { name: 'bumper', token: '', version: 2 });
    const deploy = { ...transfer(deployer, -1), action: Action.Deploy, contract, amount: 0 };
    builder.submit({ ...deploy, fee: 50_000 });

    builder.reorg(1);

    const chain = builder.current;
    const again = chain.contracts.find((c) => c.name === 'bumper');
    // The state this guards: the deployer's old index no longer names it.
    expect(again?.deployer).toBeLessThan(deployer);
    expect(again?.id).toBe(`${deployerAddress}.bumper`);
    expect(chain.principals.name(again?.deployer ?? -1)).toBe(deployerAddress);
    // Its deployment is back in the mempool (dropped: the transfer that paid for it is pending
    // again), naming the contract and the deployer anew.
    const { mempool } = chain;
    const rows = [...Array(mempool.count).keys()];
    const row = rows.find((r) => mempool.action[r] === Action.Deploy && mempool.contract[r] === again?.index);
    expect(mempool.sender[row ?? -1]).toBe(again?.deployer);
  });
});
