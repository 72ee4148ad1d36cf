import { burnHeightAt, contractAt, variant, type Chain } from '../tables/chain.ts';
import { Action, ContractKind, EventKind, Status } from '../tables/kinds.ts';
import { unlockBurnHeight } from './pox.ts';

export interface ChainEvent {
  readonly kind: EventKind;
  /** -1 when the kind has no sender (mints) */
  readonly sender: number;
  /** -1 when the kind has no recipient (burns, logs, locks) */
  readonly recipient: number;
  /** Contract of the FT/NFT asset, or the contract that printed a log; -1 for STX. */
  readonly contract: number;
  /** Micro-units, an NFT id, or the locked micro-STX. */
  readonly amount: number;
  /** Unlock burn height of a lock; 0 otherwise. */
  readonly unlockHeight: number;
}

/** Tokens a vault pays out for `amount` micro-STX in a swap. */
export function swapOut(amount: number): number {
  return Math.floor(amount / 100) + 1;
}

/**
 * The events of a mined transaction, derived from its row: the one definition that generation
 * (balances), the indexes and the serializers all use, so they cannot disagree. Aborted
 * transactions keep their fee but none of their effects.
 */
export function eventsOf(chain: Chain, tx: number): ChainEvent[] {
  const t = chain.txs;
  if (t.status[tx] !== Status.Success) return [];
  const sender = t.sender[tx] as number;
  const peer = t.peer[tx] as number;
  const amount = t.amount[tx] as number;
  const c = t.contract[tx] as number;
  switch (t.action[tx] as Action) {
    case Action.Genesis:
      return chain.genesisRecipients.map((recipient, i) =>
        ev(EventKind.StxMint, -1, recipient, -1, chain.genesisAmounts[i] as number),
      );
    case Action.StxTransfer:
      return [ev(EventKind.StxTransfer, sender, peer, -1, amount)];
    case Action.Deploy: {
      const minted = chain.mints.get(c);
      if (minted) {
        const kind = contractAt(chain, c).kind === ContractKind.Nft ? EventKind.NftMint : EventKind.FtMint;
        return minted.map((m) => ev(kind, -1, m.recipient, c, m.amount));
      }
      return amount > 0 ? [ev(EventKind.FtMint, -1, sender, c, amount)] : [];
    }
    case Action.FtTransfer: {
      const transfer = ev(EventKind.FtTransfer, sender, peer, c, amount);
      // Some token contracts print on transfer, some do not.
      return variant(t, tx, 3) % 2 === 0 ? [transfer, log(c)] : [transfer];
    }
    case Action.FtMint:
      return [ev(EventKind.FtMint, -1, peer, c, amount)];
    case Action.FtBurn:
      return [ev(EventKind.FtBurn, sender, -1, c, amount)];
    case Action.NftTransfer:
      return [ev(EventKind.NftTransfer, sender, peer, c, amount)];
    case Action.NftMint:
      return [ev(EventKind.NftMint, -1, peer, c, amount), log(c)];
    case Action.NftBurn:
      return [ev(EventKind.NftBurn, sender, -1, c, amount)];
    case Action.VaultDeposit:
      return [ev(EventKind.StxTransfer, sender, vault(chain, c), -1, amount), log(c)];
    case Action.VaultWithdraw:
      return [ev(EventKind.StxTransfer, vault(chain, c), sender, -1, amount), log(c)];
    case Action.VaultSwap: {
      const v = vault(chain, c);
      return [
        ev(EventKind.StxTransfer, sender, v, -1, amount),
        ev(EventKind.FtTransfer, v, sender, contractAt(chain, c).pair, swapOut(amount)),
        log(c),
      ];
    }
    case Action.StxBurn:
      return [ev(EventKind.StxBurn, sender, -1, -1, amount)];
    case Action.StackStx:
      return [
        log(c),
        {
          kind: EventKind.StxLock,
          sender,
          recipient: -1,
          contract: c,
          amount,
          unlockHeight: lockUnlockHeight(chain, tx),
        },
      ];
    default:
      return [];
  }
}

/** Unlock burn height of a stack-stx transaction (its `aux` is the lock period in cycles). */
export function lockUnlockHeight(chain: Chain, tx: number): number {
  const burnHeight = burnHeightAt(chain, chain.txs.height[tx] as number);
  return unlockBurnHeight(burnHeight, chain.txs.aux.at(tx), chain.net.poxCycleLength);
}

function vault(chain: Chain, contract: number): number {
  return contractAt(chain, contract).principal;
}

function ev(
  kind: EventKind,
  sender: number,
  recipient: number,
  contract: number,
  amount: number,
): ChainEvent {
  return { kind, sender, recipient, contract, amount, unlockHeight: 0 };
}

function log(contract: number): ChainEvent {
  return { kind: EventKind.Log, sender: -1, recipient: -1, contract, amount: 0, unlockHeight: 0 };
}
