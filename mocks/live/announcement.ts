// What the living chain announces, in the real service's words: one announcement per message its
// transmitter sends (src/api/routes/ws/web-socket-transmitter.ts), each channel (JSON-RPC over a
// websocket, socket.io) formatting it its own way. spec/asyncapi.yaml documents them.
import type { components } from '../../spec/types.ts';
import type { BlockWithTransactionIds, NftEvent, StxBalance } from '../serialize/types.ts';

type Schemas = components['schemas'];
export type MempoolTransaction = Schemas['MempoolTransaction'];
/** A transaction in either form: mined, or pending (or dropped) in the mempool. */
export type Transaction = Schemas['ConfirmedTransaction'] | MempoolTransaction;

/**
 * An address's transaction as the address topics send it: the history row without its ft and nft
 * transfers, a transfer's missing party (a mint's sender, a burn's recipient) null where the row has "".
 */
export type AddressTransaction = Omit<
  Schemas['TransactionWithTransfers'],
  'ft_transfers' | 'nft_transfers' | 'stx_transfers'
> & { stx_transfers: Array<{ amount: string; sender: string | null; recipient: string | null }> };

/** An address's STX balance as the balance topics send it: at the block, so nothing pending. */
export type AddressStxBalance = Omit<
  StxBalance,
  'estimated_balance' | 'pending_balance_inbound' | 'pending_balance_outbound'
> & { token_offering_locked?: unknown };

export type Announcement =
  | { kind: 'block'; block: BlockWithTransactionIds }
  | { kind: 'mempool'; tx: MempoolTransaction }
  | { kind: 'transaction'; tx: Transaction }
  | { kind: 'address-transaction'; principal: string; tx: AddressTransaction }
  | { kind: 'address-stx-balance'; principal: string; balance: AddressStxBalance }
  | { kind: 'nft-event'; event: NftEvent };

/**
 * A topic as socket.io's rooms name it, the one key of a subscription on every channel:
 * `block`, `microblock`, `mempool`, `nft-event`, `transaction:{tx_id}`,
 * `address-transaction:{principal}`, `address-stx-balance:{principal}`,
 * `nft-asset-event:{asset_identifier}+{value hex}`, `nft-collection-event:{asset_identifier}`.
 */
export type Topic = string;

export const topicOf = {
  transaction: (txId: string): Topic => `transaction:${txId}`,
  addressTransaction: (principal: string): Topic => `address-transaction:${principal}`,
  addressStxBalance: (principal: string): Topic => `address-stx-balance:${principal}`,
  nftAsset: (asset: string, value: string): Topic => `nft-asset-event:${asset}+${value}`,
  nftCollection: (asset: string): Topic => `nft-collection-event:${asset}`,
};

/** The topic whose subscribers get the announcement; an NFT event goes to three. */
export function topicsOf(a: Announcement): Topic[] {
  switch (a.kind) {
    case 'block':
      return ['block'];
    case 'mempool':
      return ['mempool'];
    case 'transaction':
      return [topicOf.transaction(a.tx.tx_id)];
    case 'address-transaction':
      return [topicOf.addressTransaction(a.principal)];
    case 'address-stx-balance':
      return [topicOf.addressStxBalance(a.principal)];
    case 'nft-event':
      return [
        'nft-event',
        topicOf.nftAsset(a.event.asset_identifier, a.event.value.hex),
        topicOf.nftCollection(a.event.asset_identifier),
      ];
  }
}

/** A channel the announcements go out on: it says which topics it has subscribers for. */
export interface LiveChannel {
  wants(topic: Topic): boolean;
  /** Whether any topic it has subscribers for starts so (`nft-`: is anyone after NFT events). */
  wantsPrefix(prefix: string): boolean;
  /** The announcement, to the subscribers of `topic` (one of `topicsOf(a)`). */
  send(a: Announcement, topic: Topic): void;
}
