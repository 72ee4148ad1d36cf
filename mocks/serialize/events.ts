import { Cl, type ClarityValue } from '@stacks/transactions';
import { burnHeightAt, clarityTxOf, contractAt, type Chain } from '../world/tables/chain.ts';
import { stackStxValues, worldFrame } from '../world/derive/stack-stx.ts';
import { nftValueOf } from '../world/derive/nft-values.ts';
import { pairOf, principalValue, tuple, uint, uintPair, type ClarityPair } from '../world/derive/clarity.ts';
import { lockUnlockHeight, swapOut, type ChainEvent } from '../world/derive/events.ts';
import { Action, assetMovement, EventKind } from '../world/tables/kinds.ts';
import type { Transfer } from '../world/derive/transfers.ts';
import type { AddressTxEvent, AssetMovement, TransactionEvent } from './types.ts';

/** A mined transaction's event as it appears in the transaction's `events`. */
export function transactionEvent(
  chain: Chain,
  tx: number,
  event: ChainEvent,
  eventIndex: number,
): TransactionEvent {
  const base = { event_index: eventIndex, tx_id: chain.txs.idHex(tx) };
  const name = (p: number): string => (p < 0 ? '' : chain.principals.name(p));
  const movement = assetMovement(event.kind);
  if (!movement) {
    if (event.kind === EventKind.StxLock) {
      return {
        ...base,
        event_type: 'stx_lock',
        stx_lock_event: {
          locked_amount: String(event.amount),
          unlock_height: event.unlockHeight,
          locked_address: name(event.sender),
        },
      };
    }
    return {
      ...base,
      event_type: 'smart_contract_log',
      contract_log: {
        contract_id: contractAt(chain, event.contract).id,
        topic: 'print',
        value: recordedValue(chain, tx, event) ?? logValueOf(chain, tx),
      },
    };
  }
  const parties = { sender: name(event.sender), recipient: name(event.recipient) };
  if (movement.asset === 'stx') {
    return {
      ...base,
      event_type: 'stx_asset',
      asset: { asset_event_type: movement.type, ...parties, amount: String(event.amount) },
    };
  }
  const asset_id = contractAt(chain, event.contract).assetId;
  if (movement.asset === 'ft') {
    return {
      ...base,
      event_type: 'fungible_token_asset',
      asset: { asset_event_type: movement.type, asset_id, ...parties, amount: String(event.amount) },
    };
  }
  return {
    ...base,
    event_type: 'non_fungible_token_asset',
    asset: {
      asset_event_type: movement.type,
      asset_id,
      ...parties,
      value: recordedValue(chain, tx, event) ?? uintPair(event.amount),
    },
  };
}

/**
 * The value the Clarity engine recorded for a print or an NFT event of a transaction it ran
 * (a print's `amount` is its position in the transaction's events); undefined for any other.
 */
function recordedValue(chain: Chain, tx: number, event: ChainEvent): ClarityPair | undefined {
  const recorded = clarityTxOf(chain, chain.txs, tx)?.outcome?.events;
  if (!recorded) return undefined;
  if (event.kind === EventKind.Log) return recorded[Number(event.amount)]?.value;
  return recorded.find(
    (r) =>
      r.kind === event.kind &&
      r.contract === event.contract &&
      r.amount === event.amount &&
      r.sender === event.sender &&
      r.recipient === event.recipient,
  )?.value;
}

/** One of a principal's transfers as an item of the address transaction events list. */
export function addressTxEvent(chain: Chain, transfer: Transfer): AddressTxEvent {
  const { event, eventIndex } = transfer;
  const movement = assetMovement(event.kind);
  if (!movement) throw new Error('not a transfer event');
  const who = moverOf(movement.type, partiesOf(chain, event));
  if (movement.asset === 'stx') {
    return { type: 'stx', event_index: eventIndex, data: { ...who, amount: String(event.amount) } };
  }
  const asset_identifier = contractAt(chain, event.contract).assetId;
  if (movement.asset === 'ft') {
    return {
      type: 'ft',
      event_index: eventIndex,
      data: { ...who, amount: String(event.amount), asset_identifier },
    };
  }
  return {
    type: 'nft',
    event_index: eventIndex,
    data: { ...who, asset_identifier, value: nftValueOf(chain, event.contract, event.amount) },
  };
}

/** Who moves the asset, as the spec's AssetMovement variant for the event's type. */
function moverOf(
  type: AssetMovement['type'],
  { sender, recipient }: { sender?: string; recipient?: string },
): AssetMovement {
  if (type === 'mint' && recipient !== undefined) return { type, recipient };
  if (type === 'burn' && sender !== undefined) return { type, sender };
  if (type === 'transfer' && sender !== undefined && recipient !== undefined)
    return { type, sender, recipient };
  throw new Error(`a ${type} event without its parties`);
}

/** `sender` is absent on mints, `recipient` on burns. */
export function partiesOf(chain: Chain, event: ChainEvent): { sender?: string; recipient?: string } {
  const parties: { sender?: string; recipient?: string } = {};
  if (event.sender >= 0) parties.sender = chain.principals.name(event.sender);
  if (event.recipient >= 0) parties.recipient = chain.principals.name(event.recipient);
  return parties;
}

/** What the called contract printed, rebuilt from the transaction. */
export function logValueOf(chain: Chain, tx: number): ClarityPair {
  const t = chain.txs;
  const amount = uint(t.amount.at(tx));
  const sender = principalValue(chain, t.sender[tx] as number);
  let value: ClarityValue;
  switch (t.action[tx] as Action) {
    case Action.FtTransfer:
      value = tuple({
        action: Cl.stringAscii('transfer'),
        amount,
        recipient: principalValue(chain, t.peer[tx] as number),
        sender,
      });
      break;
    case Action.NftMint:
      value = tuple({
        action: Cl.stringAscii('mint'),
        id: amount,
        recipient: principalValue(chain, t.peer[tx] as number),
      });
      break;
    case Action.VaultDeposit:
      value = tuple({ action: Cl.stringAscii('deposit'), amount, who: sender });
      break;
    case Action.VaultWithdraw:
      value = tuple({ action: Cl.stringAscii('withdraw'), amount, who: sender });
      break;
    case Action.VaultSwap:
      value = tuple({
        action: Cl.stringAscii('swap'),
        amount,
        out: uint(swapOut(t.amount.at(tx))),
        who: sender,
      });
      break;
    case Action.StackStx:
      value = stackStxPrint(chain, tx);
      break;
    default:
      value = Cl.stringAscii('ok');
  }
  return pairOf(value);
}

/**
 * What pox-4 prints for stack-stx: its synthetic event, `(ok {name, stacker, balance, locked,
 * burnchain-unlock-height, data})`, printed before the lock (so `locked` and the unlock height are
 * still 0), with the call's arguments and the cycles it locks in `data`. The real service decodes
 * this shape from every pox-4 print and refuses an import without it. `balance` (the stacker's
 * unlocked STX before the lock) would need the ledger; the mock prints the amount it locks, which
 * that balance covers. See docs/real-service.md.
 */
function stackStxPrint(chain: Chain, tx: number): ClarityValue {
  const t = chain.txs;
  const args = stackStxValues(chain, t, tx, worldFrame(chain));
  const period = t.aux.at(tx);
  const burnHeight = burnHeightAt(chain, t.height[tx] as number);
  const cycle = Math.floor(burnHeight / chain.net.poxCycleLength);
  return Cl.ok(
    tuple({
      balance: args.amount,
      'burnchain-unlock-height': uint(0),
      data: tuple({
        'auth-id': args.authId,
        'end-cycle-id': Cl.some(uint(cycle + 1 + period)),
        'lock-amount': args.amount,
        'lock-period': args.period,
        'max-amount': args.maxAmount,
        'pox-addr': args.poxAddress,
        'signer-key': args.signerKey,
        'signer-sig': args.signerSignature,
        'start-burn-height': args.startBurnHeight,
        'start-cycle-id': uint(cycle + 1),
        'unlock-burn-height': uint(lockUnlockHeight(chain, tx)),
      }),
      locked: uint(0),
      name: Cl.stringAscii('stack-stx'),
      stacker: principalValue(chain, t.sender[tx] as number),
    }),
  );
}
