import { bigAmount, type Amount } from '../amount.ts';
import type { EngineTx } from '../../clarity/engine.ts';
import { argumentValues, FUNCTIONS } from '../derive/call-arguments.ts';
import { REWARD_MATURITY } from '../derive/miner-rewards.ts';
import { sourceOf } from '../derive/contract-source.ts';
import { clarityTxOf, contractAt, type Chain } from '../tables/chain.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { Action, ContractKind, Status } from '../tables/kinds.ts';
import { stackStxCall, type EnginePox } from './stacking.ts';

/**
 * Mined transaction `tx` as the Clarity engine runs it, or undefined when it has no Clarity
 * effect to run: a coinbase, a tenure change, a poison microblock; a transaction the world
 * records as aborted, whose effects never happen (the engine charges no fees); the boot
 * contracts, which the engine's session already holds. A stack-stx runs in the engine's pox-4,
 * in the engine's frame (`pox`).
 */
export function engineTxOf(chain: Chain, tx: number, pox: EnginePox): EngineTx | undefined {
  const t = chain.txs;
  if (t.status[tx] !== Status.Success) return undefined;
  const sender = chain.principals.name(t.sender[tx] as number);
  const action = t.action[tx] as Action;
  switch (action) {
    case Action.StxTransfer:
      return {
        kind: 'transfer',
        sender,
        recipient: chain.principals.name(t.peer[tx] as number),
        amount: bigAmount(t.amount.at(tx)),
      };
    case Action.ClarityCall:
    case Action.Deploy: {
      const broadcast = engineOnlyTx(chain, t, tx);
      if (broadcast || action === Action.ClarityCall) return broadcast;
      const contract = contractAt(chain, t.contract[tx] as number);
      // The boot contracts are the engine's own, there before the world's first block.
      const boot: readonly ContractKind[] = [
        ContractKind.Pox,
        ContractKind.Genesis,
        ContractKind.Boot,
        ContractKind.Bns,
      ];
      if (boot.includes(contract.kind)) return undefined;
      return {
        kind: 'deploy',
        sender,
        name: contract.name,
        source: sourceOf(chain, contract),
        clarityVersion: contract.clarityVersion ?? 1,
      };
    }
    case Action.StackStx:
      return stackStxCall(chain, tx, pox);
    default: {
      if (!FUNCTIONS[action]) return undefined;
      return {
        kind: 'call',
        sender,
        contract: contractAt(chain, t.contract[tx] as number).id,
        fn: (FUNCTIONS[action] as { name: string }).name,
        args: argumentValues(chain, t, tx, action).map((value) => value.hex),
      };
    }
  }
}

/**
 * Row `tx` of `table` (mined or pending), a deployment or call only the engine runs, as its
 * bytes said it; undefined for any other row.
 */
export function engineOnlyTx(chain: Chain, table: TxTable, tx: number): EngineTx | undefined {
  const payload = clarityTxOf(chain, table, tx)?.payload;
  if (!payload) return undefined;
  const sender = chain.principals.name(table.sender[tx] as number);
  if (payload.kind === 'call')
    return {
      kind: 'call',
      sender,
      contract: payload.contract,
      fn: payload.fn,
      args: payload.args.map((a) => a.hex),
    };
  return {
    kind: 'deploy',
    sender,
    name: payload.contract.slice(payload.contract.indexOf('.') + 1),
    source: payload.source,
    ...(payload.clarityVersion === null ? {} : { clarityVersion: payload.clarityVersion }),
  };
}

/** The genesis allocations, which the engine credits before its first block. */
export function genesisAllocations(chain: Chain): { recipient: string; amount: bigint }[] {
  return chain.genesisRecipients.map((recipient, i) => ({
    recipient: chain.principals.name(recipient),
    amount: bigAmount(chain.genesisAmounts[i] as Amount),
  }));
}

/**
 * The miner reward world block h credits: the reward of the block REWARD_MATURITY below it, which
 * no transaction carries (the world's ledger credits it as h is mined). The engine mints it before
 * h's transactions, or a miner who spends it (a transfer, a stack-stx) is refused there.
 */
export function maturedReward(chain: Chain, h: number): { recipient: string; amount: bigint } | undefined {
  const row = h - REWARD_MATURITY - 1;
  if (row < 0) return undefined;
  const b = chain.blocks;
  const amount = bigAmount(b.reward[row] as number);
  return amount > 0n ? { recipient: chain.principals.name(b.miner[row] as number), amount } : undefined;
}
