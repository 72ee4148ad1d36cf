import { burnHeightAt, clarityTxOf, contractAt, variant, type Chain } from '../tables/chain.ts';
import { Action, ContractKind, EventKind, Status } from '../tables/kinds.ts';
import { amountOf, type Amount } from '../amount.ts';
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
  readonly amount: Amount;
  /** Unlock burn height of a lock; 0 otherwise. */
  readonly unlockHeight: number;
}

/** Tokens a vault pays out for `amount` micro-STX in a swap. */
export function swapOut(amount: Amount): Amount {
  return typeof amount === 'number' ? Math.floor(amount / 100) + 1 : amountOf(amount / 100n + 1n);
}

/** Receives one event: the fields of a ChainEvent, in its order. */
export type EventVisitor = (
  kind: EventKind,
  sender: number,
  recipient: number,
  contract: number,
  amount: Amount,
  unlockHeight: number,
) => void;

/**
 * The events of a mined transaction, derived from its row: the one definition that generation
 * (balances), the indexes and the serializers all use, so they cannot disagree. Aborted
 * transactions keep their fee but none of their effects.
 */
export function eventsOf(chain: Chain, tx: number): ChainEvent[] {
  const events: ChainEvent[] = [];
  forEachEvent(chain, tx, (kind, sender, recipient, contract, amount, unlockHeight) =>
    events.push({ kind, sender, recipient, contract, amount, unlockHeight }),
  );
  return events;
}

/**
 * The events of `eventsOf`, in the same order, handed to `visit` one by one: generation and the
 * indexes walk every event of every transaction, ten million at mainnet size, and need no object
 * for each.
 */
export function forEachEvent(chain: Chain, tx: number, visit: EventVisitor): void {
  const t = chain.txs;
  if (t.status[tx] !== Status.Success) return;
  const sender = t.sender[tx] as number;
  const peer = t.peer[tx] as number;
  const amount = t.amount.at(tx);
  const c = t.contract[tx] as number;
  switch (t.action[tx] as Action) {
    case Action.Genesis:
      chain.genesisRecipients.forEach((recipient, i) =>
        visit(EventKind.StxMint, -1, recipient, -1, chain.genesisAmounts[i] as Amount, 0),
      );
      return;
    case Action.StxTransfer:
      visit(EventKind.StxTransfer, sender, peer, -1, amount, 0);
      return;
    case Action.ClarityCall:
      recordedEvents(chain, tx, visit);
      return;
    case Action.Deploy: {
      if (contractAt(chain, c).kind === ContractKind.Broadcast) {
        recordedEvents(chain, tx, visit);
        return;
      }
      const minted = chain.mints.get(c);
      if (minted) {
        const kind = contractAt(chain, c).kind === ContractKind.Nft ? EventKind.NftMint : EventKind.FtMint;
        for (const m of minted) visit(kind, -1, m.recipient, c, m.amount, 0);
      } else if (amount > 0) visit(EventKind.FtMint, -1, sender, c, amount, 0);
      return;
    }
    case Action.FtTransfer:
      visit(EventKind.FtTransfer, sender, peer, c, amount, 0);
      // Some token contracts print on transfer, some do not.
      if (variant(t, tx, 3) % 2 === 0) visit(EventKind.Log, -1, -1, c, 0, 0);
      return;
    case Action.FtMint:
      visit(EventKind.FtMint, -1, peer, c, amount, 0);
      return;
    case Action.FtBurn:
      visit(EventKind.FtBurn, sender, -1, c, amount, 0);
      return;
    case Action.NftTransfer:
      visit(EventKind.NftTransfer, sender, peer, c, amount, 0);
      return;
    case Action.NftMint:
      visit(EventKind.NftMint, -1, peer, c, amount, 0);
      visit(EventKind.Log, -1, -1, c, 0, 0);
      return;
    case Action.NftBurn:
      visit(EventKind.NftBurn, sender, -1, c, amount, 0);
      return;
    case Action.VaultDeposit:
      visit(EventKind.StxTransfer, sender, vault(chain, c), -1, amount, 0);
      visit(EventKind.Log, -1, -1, c, 0, 0);
      return;
    case Action.VaultWithdraw:
      visit(EventKind.StxTransfer, vault(chain, c), sender, -1, amount, 0);
      visit(EventKind.Log, -1, -1, c, 0, 0);
      return;
    case Action.VaultSwap: {
      const v = vault(chain, c);
      visit(EventKind.StxTransfer, sender, v, -1, amount, 0);
      visit(EventKind.FtTransfer, v, sender, contractAt(chain, c).pair, swapOut(amount), 0);
      visit(EventKind.Log, -1, -1, c, 0, 0);
      return;
    }
    case Action.StxBurn:
      visit(EventKind.StxBurn, sender, -1, -1, amount, 0);
      return;
    case Action.StackStx:
      visit(EventKind.Log, -1, -1, c, 0, 0);
      visit(EventKind.StxLock, sender, -1, c, amount, lockUnlockHeight(chain, tx));
      return;
    default:
      return;
  }
}

/**
 * The events of a transaction the Clarity engine ran, as its block recorded them. A print's
 * `amount` is its position among the transaction's events, where its serializer finds its value.
 */
function recordedEvents(chain: Chain, tx: number, visit: EventVisitor): void {
  const events = clarityTxOf(chain, chain.txs, tx)?.outcome?.events ?? [];
  events.forEach((e, i) =>
    visit(e.kind, e.sender, e.recipient, e.contract, e.kind === EventKind.Log ? i : e.amount, 0),
  );
}

/** Unlock burn height of a stack-stx transaction (its `aux` is the lock period in cycles). */
export function lockUnlockHeight(chain: Chain, tx: number): number {
  const burnHeight = burnHeightAt(chain, chain.txs.height[tx] as number);
  return unlockBurnHeight(burnHeight, chain.txs.aux.at(tx), chain.net.poxCycleLength);
}

function vault(chain: Chain, contract: number): number {
  return contractAt(chain, contract).principal;
}
