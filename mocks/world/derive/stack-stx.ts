import { Cl, type ClarityValue } from '@stacks/transactions';
import { burnHeightAt, type Chain } from '../tables/chain.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { tuple, uint } from './clarity.ts';
import { derivedHex } from './derived-bytes.ts';
import { cycleOf, signerKeyOf, signerPrivateKeyOf } from './pox.ts';
import { CHAIN_IDS, signerSignature } from './signer-signature.ts';

/**
 * The chain a stack-stx call runs on, as pox-4 sees it: the world's own (its burn heights, its
 * network's chain id), or the Clarity engine's, whose burn heights are the world's less
 * `burnOrigin` (a whole number of reward cycles: docs/clarity.md) and whose chain id is its own.
 * Both count reward cycles from burn height 0.
 */
export interface PoxFrame {
  readonly burnOrigin: number;
  readonly chainId: number;
}

export function worldFrame(chain: Chain): PoxFrame {
  return { burnOrigin: 0, chainId: CHAIN_IDS[chain.net.name] };
}

/** pox-4's `stack-stx` arguments, by name. */
export interface StackStxValues {
  readonly amount: ClarityValue;
  readonly poxAddress: ClarityValue;
  readonly startBurnHeight: ClarityValue;
  readonly period: ClarityValue;
  readonly signerSignature: ClarityValue;
  readonly signerKey: ClarityValue;
  readonly maxAmount: ClarityValue;
  readonly authId: ClarityValue;
}

/**
 * The arguments of stack-stx transaction `tx` in `frame`: it starts at the burn height of the
 * block that mines it (in the reward cycle it runs in, as pox-4 requires), for its lock period
 * (`aux`), with at most its own amount, and its signer's signature of exactly that (the cycle it
 * runs in, its period, pox address, max amount and auth id) on the frame's chain.
 */
export function stackStxValues(chain: Chain, table: TxTable, tx: number, frame: PoxFrame): StackStxValues {
  const amount = table.amount.at(tx);
  const period = table.aux.at(tx);
  const authId = (table.nonce[tx] as number) + 1;
  const burnHeight = burnHeightAt(chain, table.height[tx] as number) - frame.burnOrigin;
  const poxAddress = tuple({
    version: Cl.bufferFromHex('04'),
    hashbytes: Cl.bufferFromHex(derivedHex(table, tx, 1, 20).slice(2)),
  });
  const signature = signerSignature(signerPrivateKeyOf(table, tx), {
    poxAddress,
    rewardCycle: cycleOf(burnHeight, chain.net.poxCycleLength),
    topic: 'stack-stx',
    period,
    maxAmount: amount,
    authId,
    chainId: frame.chainId,
  });
  return {
    amount: uint(amount),
    poxAddress,
    startBurnHeight: uint(burnHeight),
    period: uint(period),
    signerSignature: Cl.some(Cl.bufferFromHex(signature)),
    signerKey: Cl.bufferFromHex(signerKeyOf(table, tx).slice(2)),
    maxAmount: uint(amount),
    authId: uint(authId),
  };
}
