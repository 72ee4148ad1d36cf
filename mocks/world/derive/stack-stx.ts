import { Cl, type ClarityValue } from '@stacks/transactions';
import { draftedBurnHeight, type Chain } from '../tables/chain.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { tuple, uint } from './clarity.ts';
import { derivedHex } from './derived-bytes.ts';
import { cycleOf, signerKeyOf, signerPrivateKeyOf } from './pox.ts';
import { CHAIN_IDS, signerSignature, type SignerGrant } from './signer-signature.ts';

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
 * Where stack-stx transaction `tx` starts in `frame`: the burn height of the block it was drafted
 * in, the block that mines it unless it waited in the mempool (a node's wallet names the burn
 * height it signs at; pox-4 takes it within that reward cycle).
 */
export function startBurnHeight(chain: Chain, table: TxTable, tx: number, frame: PoxFrame): number {
  return draftedBurnHeight(chain, table, tx) - frame.burnOrigin;
}

/**
 * What the signer of stack-stx transaction `tx` signs in `frame`, and its key: the cycle the call
 * runs in (it starts at the burn height it was drafted at, within the cycle pox-4 requires), its lock
 * period (`aux`), its pox address, at most its own amount, and its auth id, on the frame's chain.
 */
export function stackStxGrant(
  chain: Chain,
  table: TxTable,
  tx: number,
  frame: PoxFrame,
): { privateKey: string; grant: SignerGrant } {
  const grant: SignerGrant = {
    poxAddress: tuple({
      version: Cl.bufferFromHex('04'),
      hashbytes: Cl.bufferFromHex(derivedHex(table, tx, 1, 20).slice(2)),
    }),
    rewardCycle: cycleOf(startBurnHeight(chain, table, tx, frame), chain.net.poxCycleLength),
    topic: 'stack-stx',
    period: table.aux.at(tx),
    maxAmount: table.amount.at(tx),
    authId: (table.nonce[tx] as number) + 1,
    chainId: frame.chainId,
  };
  return { privateKey: signerPrivateKeyOf(table, tx), grant };
}

/** The arguments of stack-stx transaction `tx` in `frame`: its grant (above), and its signer's signature of it. */
export function stackStxValues(chain: Chain, table: TxTable, tx: number, frame: PoxFrame): StackStxValues {
  const { privateKey, grant } = stackStxGrant(chain, table, tx, frame);
  return {
    amount: uint(grant.maxAmount),
    poxAddress: grant.poxAddress,
    startBurnHeight: uint(startBurnHeight(chain, table, tx, frame)),
    period: uint(grant.period),
    signerSignature: Cl.some(Cl.bufferFromHex(signerSignature(privateKey, grant))),
    signerKey: Cl.bufferFromHex(signerKeyOf(table, tx).slice(2)),
    maxAmount: uint(grant.maxAmount),
    authId: uint(grant.authId),
  };
}
