import { describe, expect, it } from 'vitest';
import { createMock } from '../create-mock.ts';
import { kernelReads } from '../kernel-reads.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { controlSpec } from './control-spec.ts';
import { LiveChain } from './live-chain.ts';
import { mempoolTxIds, minedTxIds } from '../../testing/worlds/test-worlds.ts';
import { Action, ContractKind, isNodeBootContract, Status } from '../world/tables/kinds.ts';
import type { Chain } from '../world/tables/chain.ts';
import type { TxTable } from '../world/tables/tx-table.ts';
import { resolveOptions } from '../world/options.ts';
import type { Balances } from '../serialize/types.ts';

/** Every nonce a principal used in a table, as sender and as sponsor. */
function noncesByPrincipal(table: TxTable, keep: (row: number) => boolean): Map<number, number[]> {
  const by = new Map<number, number[]>();
  const add = (principal: number, nonce: number): void => {
    if (principal < 0) return;
    const list = by.get(principal) ?? [];
    list.push(nonce);
    by.set(principal, list);
  };
  for (let row = 0; row < table.count; row++) {
    if (!keep(row)) continue;
    add(table.sender[row] as number, table.nonce[row] as number);
    add(table.sponsor.at(row), table.sponsorNonce.at(row));
  }
  return by;
}

/**
 * What a node guarantees: an account's mined transactions use nonces 0, 1, 2, … with none
 * skipped or repeated, and its pending ones continue from there, again without a gap. The node's
 * own boot deployments, each signed with nonce 0, are no account's run.
 */
function nonceProblems(chain: Chain): string[] {
  const problems: string[] = [];
  const nodeBoot = (row: number): boolean =>
    chain.txs.action[row] === Action.Deploy &&
    isNodeBootContract(chain.contracts[chain.txs.contract[row] as number]?.kind ?? ContractKind.Ft);
  const mined = noncesByPrincipal(chain.txs, (row) => !nodeBoot(row));
  const pending = noncesByPrincipal(chain.mempool, (row) => chain.mempool.status[row] === Status.Pending);
  for (const principal of new Set([...mined.keys(), ...pending.keys()])) {
    const used = [...(mined.get(principal) ?? [])].sort((a, b) => a - b);
    const waiting = [...(pending.get(principal) ?? [])].sort((a, b) => a - b);
    const expected = Array.from({ length: used.length + waiting.length }, (_, i) => i);
    if (JSON.stringify([...used, ...waiting]) !== JSON.stringify(expected))
      problems.push(
        `${chain.principals.name(principal)}: mined ${used.join(',')} | pending ${waiting.join(',')}`,
      );
  }
  return problems;
}

const TX_OPTS = { unanchored: true, events: { limit: 50, offset: 0 } };

describe('nonces and contracts across mining and reorgs', () => {
  it.each([1, 2, 3, 4])(
    'seed %i: nonces never skip or repeat, and every transaction still answers, through mines and reorgs',
    (seed) => {
      const mock = createMock({ seed, blocks: 120, quiet: true });
      const { live } = mock;
      // A reorg first reaches into the generated blocks, before the pending deployments' contracts.
      const steps = [
        () => live.reorg(5),
        () => live.mine(60),
        () => live.reorg(12),
        () => live.mine(20),
        () => live.reorg(40),
      ];
      for (const step of steps) {
        step();
        const chain = live.queries.chain;
        expect(nonceProblems(chain)).toEqual([]);
        const ids = [...mempoolTxIds(chain), ...minedTxIds(chain).slice(-300)];
        for (let i = 0; i < ids.length; i += 50) {
          const answers = txDetails(kernelReads(mock), ids.slice(i, i + 50), TX_OPTS);
          expect(Object.values(answers).every((a) => a.found)).toBe(true);
        }
      }
    },
  );

  // Found by the living-chain fuzz: the second reorg dropped an account's pending transactions and
  // a new one took the freed nonce; the third went back past them, to a mempool holding them again,
  // and the new one came back pending beside them with the same nonce.
  it('a transaction that took a freed nonce does not come back beside the one a deeper reorg restores with it', () => {
    const live = new LiveChain(resolveOptions({ seed: 126, blocks: 60 }), controlSpec());
    for (let i = 0; i < 3; i++) {
      live.reorg(4);
      expect(nonceProblems(live.queries.chain)).toEqual([]);
    }
  });

  it('a pending deployment is mined like any transaction: its contract goes on chain, and back to pending in a reorg past it', () => {
    const mock = createMock({ seed: 3, blocks: 120, quiet: true });
    const { live } = mock;
    const chain = (): Chain => live.queries.chain;
    const pendingDeploys = (): number[] => {
      const m = chain().mempool;
      const contracts: number[] = [];
      for (let row = 0; row < m.count; row++)
        if (m.action[row] === Action.Deploy && m.status[row] === Status.Pending)
          contracts.push(m.contract[row] as number);
      return contracts;
    };
    const minedDeploys = (from: number): number[] => {
      const t = chain().txs;
      const contracts: number[] = [];
      for (let tx = from; tx < t.count; tx++)
        if (t.action[tx] === Action.Deploy) contracts.push(t.contract[tx] as number);
      return contracts;
    };
    const waiting = pendingDeploys();
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((c) => chain().contracts[c]?.pending)).toBe(true);
    const firstNew = chain().txs.count;
    let blocks = 0;
    while (pendingDeploys().length > 0 && blocks < 60) {
      live.mine();
      blocks++;
    }
    expect(pendingDeploys()).toEqual([]);
    const mined = minedDeploys(firstNew);
    expect(mined.length).toBeGreaterThan(0);
    expect(mined.every((c) => chain().contracts[c]?.pending === false)).toBe(true);
    expect(kernelReads(mock).catalogue().transactions.mempool.pending.length).toBeGreaterThan(0);

    live.reorg(blocks);
    // Each deployment is mined again in the new branch or waits in the mempool; its contract says which.
    expect(pendingDeploys().every((c) => chain().contracts[c]?.pending)).toBe(true);
    expect(minedDeploys(firstNew).every((c) => chain().contracts[c]?.pending === false)).toBe(true);
    expect(nonceProblems(chain())).toEqual([]);
  });

  // Found by the living-chain fuzz (FUZZ_SEED=1943695915): an account's own pending transaction
  // (nonce 13) came before one it sponsored (sponsor nonce 12) in the mempool's order, and was
  // mined first; the sponsored one was then stale, and nonce 12 was never mined.
  it('an account that sponsors others’ transactions has its own and its sponsored ones mined in one nonce order', () => {
    const live = new LiveChain(resolveOptions({ seed: 915, blocks: 60 }), controlSpec());
    const sender = 'SP3VV06RMKTVCVT3J9CS2JRKCAED7BSV1PAN43RF2';
    const recipient = live.queries.catalogue().addresses.unknown;
    for (let i = 0; i < 2; i++)
      live.submit({ type: 'token_transfer', sender, recipient, amount: 1, fee: 180 });
    live.reorg(29);
    expect(nonceProblems(live.queries.chain)).toEqual([]);
  });

  // Found by the living-chain fuzz (FUZZ_SEED=1402263041): a user sent all an account could spend,
  // and the same block mined that account's pending swap before it, whose STX came out of the
  // account's locked STX.
  it('a contract call whose STX the sender has locked or spent is mined aborted, and locked STX stay put', () => {
    const mock = createMock({ seed: 41, blocks: 60, quiet: true });
    const { live } = mock;
    const sender = 'SP1PS04XQWQB54B4KQH91TJ0HJTB4QBG3BNNQYV5W';
    const balance = (): { balance: string; locked: string; pending_balance_outbound?: string } =>
      (
        kernelReads(mock).get('get_account_balance', {
          path: { principal: sender },
          query: { unanchored: true },
        }) as Balances
      ).stx;
    const before = balance();
    expect(BigInt(before.locked)).toBeGreaterThan(0n);
    const free =
      BigInt(before.balance) - BigInt(before.locked) - BigInt(before.pending_balance_outbound ?? 0);
    const recipient = live.queries.catalogue().addresses.unknown;
    live.submit({ type: 'token_transfer', sender, recipient, amount: Number(free - 180n), fee: 180 });
    live.mine(1);
    const after = balance();
    expect(BigInt(after.balance)).toBe(BigInt(after.locked));
    const chain = live.queries.chain;
    const swaps = [];
    for (let tx = chain.blocks.firstTx[chain.blocks.count - 1] as number; tx < chain.txs.count; tx++)
      if (
        chain.txs.action[tx] === Action.VaultSwap &&
        chain.principals.name(chain.txs.sender[tx] as number) === sender
      )
        swaps.push(chain.txs.status[tx]);
    expect(swaps).toEqual([Status.AbortByResponse]);
  });
});
