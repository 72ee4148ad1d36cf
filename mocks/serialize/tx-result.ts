import { Cl } from '@stacks/transactions';
import { clarityTxOf, contractAt, variant, type Chain } from '../world/tables/chain.ts';
import { errNonePair, okTruePair, pairOf, tuple, uint, type ClarityPair } from '../world/derive/clarity.ts';
import { lockUnlockHeight, swapOut } from '../world/derive/events.ts';
import { Action, Status } from '../world/tables/kinds.ts';
import { signerKeyOf } from '../world/derive/pox.ts';

const ERRORS = new Map<number, ClarityPair>();

/** The Clarity value a mined transaction returned. */
export function txResultOf(chain: Chain, tx: number): ClarityPair {
  const t = chain.txs;
  const ran = clarityTxOf(chain, t, tx)?.outcome;
  if (ran) return ran.result;
  const status = t.status[tx] as Status;
  if (status === Status.AbortByResponse) {
    const code = 1 + (variant(t, tx, 11) % 8);
    let pair = ERRORS.get(code);
    if (!pair) ERRORS.set(code, (pair = pairOf(Cl.error(Cl.uint(code)))));
    return pair;
  }
  if (status === Status.ProblematicSkipped) return errNonePair();
  if (status !== Status.Success) return okTruePair();
  const amount = t.amount.at(tx);
  switch (t.action[tx] as Action) {
    case Action.NftMint:
      return pairOf(Cl.ok(Cl.uint(amount)));
    case Action.VaultSwap:
      return pairOf(Cl.ok(Cl.uint(swapOut(amount))));
    case Action.StackStx:
      return pairOf(
        Cl.ok(
          tuple({
            'lock-amount': uint(amount),
            'signer-key': Cl.bufferFromHex(signerKeyOf(t, tx).slice(2)),
            stacker: Cl.principal(chain.principals.name(t.sender[tx] as number)),
            'unlock-burn-height': uint(lockUnlockHeight(chain, tx)),
          }),
        ),
      );
    default:
      return okTruePair();
  }
}

/** Why the VM rejected the transaction: set for post-condition aborts, and for what the engine explains. */
export function vmErrorOf(chain: Chain, tx: number): string | null {
  const t = chain.txs;
  const ran = clarityTxOf(chain, t, tx)?.outcome;
  if (ran) return ran.vmError;
  if (t.status[tx] !== Status.AbortByPostCondition) return null;
  const action = t.action[tx] as Action;
  const contract = contractAt(chain, t.contract[tx] as number);
  const movesToken =
    action === Action.FtTransfer ||
    action === Action.FtBurn ||
    action === Action.NftTransfer ||
    action === Action.NftBurn;
  const owner = action === Action.VaultWithdraw ? contract.id : chain.principals.name(t.sender[tx] as number);
  return `Post-condition check failure on ${movesToken ? contract.assetId : 'STX'} owned by ${owner}`;
}
