import { Cl } from '@stacks/transactions';
import { clarityTxOf, type Chain } from '../tables/chain.ts';
import { Action } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { pairOf, principalPair, uintPair, type ClarityPair } from './clarity.ts';
import { stackStxValues, worldFrame, type PoxFrame } from './stack-stx.ts';

// A contract call of the world: the function each kind of call names and its arguments, read
// from the row. The one definition the API's answers (world/wire/contract-call.ts) and the Clarity
// engine's replay (world/run/) both use, so what the API shows is what the engine ran.

export interface Param {
  name: string;
  type: string;
}

export interface FunctionSpec {
  name: string;
  params: readonly Param[];
}

const AMOUNT: Param = { name: 'amount', type: 'uint' };
const ID: Param = { name: 'id', type: 'uint' };
const SENDER: Param = { name: 'sender', type: 'principal' };
const RECIPIENT: Param = { name: 'recipient', type: 'principal' };

export const FUNCTIONS: Partial<Record<Action, FunctionSpec>> = {
  [Action.FtTransfer]: {
    name: 'transfer',
    params: [AMOUNT, SENDER, RECIPIENT, { name: 'memo', type: '(optional (buff 34))' }],
  },
  [Action.FtMint]: { name: 'mint', params: [AMOUNT, RECIPIENT] },
  [Action.FtBurn]: { name: 'burn', params: [AMOUNT] },
  [Action.NftTransfer]: { name: 'transfer', params: [ID, SENDER, RECIPIENT] },
  [Action.NftMint]: { name: 'mint', params: [RECIPIENT] },
  [Action.NftBurn]: { name: 'burn', params: [ID] },
  [Action.VaultDeposit]: { name: 'deposit', params: [AMOUNT] },
  [Action.VaultWithdraw]: { name: 'withdraw', params: [AMOUNT] },
  [Action.VaultSwap]: { name: 'swap-stx-for-token', params: [AMOUNT] },
  [Action.StxBurn]: { name: 'burn-stx', params: [AMOUNT] },
  [Action.StackStx]: {
    name: 'stack-stx',
    params: [
      { name: 'amount-ustx', type: 'uint' },
      { name: 'pox-addr', type: '(tuple (hashbytes (buff 32)) (version (buff 1)))' },
      { name: 'start-burn-ht', type: 'uint' },
      { name: 'lock-period', type: 'uint' },
      { name: 'signer-sig', type: '(optional (buff 65))' },
      { name: 'signer-key', type: '(buff 33)' },
      { name: 'max-amount', type: 'uint' },
      { name: 'auth-id', type: 'uint' },
    ],
  },
};

let none: ClarityPair | undefined;
/** Clarity's `none` as an argument, made on first use (@stacks/transactions is not evaluated with the CLI's start). */
function noneArgument(): ClarityPair {
  return (none ??= pairOf(Cl.none()));
}

/** The function contract call `tx` of `table` calls (a broadcast one, the one it names); undefined for any other transaction. */
export function functionNameOf(chain: Chain, table: TxTable, tx: number): string | undefined {
  const payload = clarityTxOf(chain, table, tx)?.payload;
  if (payload) return payload.kind === 'call' ? payload.fn : undefined;
  return FUNCTIONS[table.action[tx] as Action]?.name;
}

/**
 * The arguments of contract call `tx`, in its function's order; a stack-stx's in `frame` (the
 * world's own unless named: the Clarity engine names its own).
 */
export function argumentValues(
  chain: Chain,
  table: TxTable,
  tx: number,
  action: Action,
  frame?: PoxFrame,
): ClarityPair[] {
  const amount = uintPair(table.amount.at(tx));
  const sender = principalPair(chain, table.sender[tx] as number);
  const peer = (): ClarityPair => principalPair(chain, table.peer[tx] as number);
  switch (action) {
    case Action.FtTransfer:
      return [amount, sender, peer(), noneArgument()];
    case Action.FtMint:
      return [amount, peer()];
    case Action.NftTransfer:
      return [amount, sender, peer()];
    case Action.NftMint:
      return [peer()];
    case Action.StackStx:
      return stackStxArguments(chain, table, tx, frame ?? worldFrame(chain));
    default:
      return [amount];
  }
}

function stackStxArguments(chain: Chain, table: TxTable, tx: number, frame: PoxFrame): ClarityPair[] {
  const v = stackStxValues(chain, table, tx, frame);
  return [
    v.amount,
    v.poxAddress,
    v.startBurnHeight,
    v.period,
    v.signerSignature,
    v.signerKey,
    v.maxAmount,
    v.authId,
  ].map(pairOf);
}
