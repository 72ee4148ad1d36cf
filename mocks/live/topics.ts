// Which subscriptions the real service accepts, on each channel, as its channels check them
// (ws-rpc-channel.ts, socket-io-channel.ts): the checks differ between the two, and so do they here.
import { isStacksPrincipal } from '../../spec/formats.ts';
import { topicOf, type Topic } from './announcement.ts';

/** A tx id as the JSON-RPC channel takes it: 64 hex digits, with or without `0x`, answered lower-cased with `0x`. */
export function normalizeTxId(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const hex = input.length === 66 && /^0x/i.test(input) ? input.slice(2) : input.length === 64 ? input : '';
  return /^[0-9a-fA-F]{64}$/.test(hex) ? `0x${hex.toLowerCase()}` : undefined;
}

/** A tx id as socket.io's topic check takes it: `0x` and whole bytes of hex, as its hex decoder reads it. */
function isHexWithPrefix(value: string | undefined): boolean {
  return value !== undefined && /^0x([0-9a-fA-F]{2})*$/.test(value);
}

function isPrincipal(value: string | undefined): boolean {
  return value !== undefined && isStacksPrincipal(value);
}

/** Whether socket.io accepts `topic` (its `subscribe` and its handshake's `subscriptions`). */
export function isSocketIoTopic(topic: unknown): topic is Topic {
  if (typeof topic !== 'string') return false;
  if (topic.includes(':')) {
    const [kind, value] = topic.split(':');
    switch (kind) {
      case 'address-transaction':
      case 'address-stx-balance':
        return isPrincipal(value);
      case 'transaction':
        return isHexWithPrefix(value);
      case 'nft-asset-event': {
        const [asset = '', token] = topic.substring(16).split('+');
        const [contract, tokenClass] = asset.split('::');
        return Boolean(token) && Boolean(tokenClass) && isPrincipal(contract);
      }
      case 'nft-collection-event': {
        const [contract, tokenClass] = topic.substring(21).split('::');
        return Boolean(tokenClass) && isPrincipal(contract);
      }
      default:
        return false;
    }
  }
  return topic === 'block' || topic === 'mempool' || topic === 'microblock' || topic === 'nft-event';
}

/** The topics of a socket.io handshake's `subscriptions` (comma-separated, maybe repeated), empty ones left out. */
export function handshakeTopics(query: string | string[] | undefined): string[] {
  if (query === undefined) return [];
  return [query]
    .flat()
    .flatMap((q) => q.split(','))
    .filter((t) => t !== '');
}

/** A JSON-RPC subscription's topic and its success result, or the `Invalid params` data the real service answers. */
export type RpcSubscription = { topic: Topic; result: Record<string, unknown> } | { refused: string };

/** The JSON-RPC channel's reading of `subscribe`/`unsubscribe` params (ws-rpc-channel.ts's checks, in its order). */
export function rpcSubscription(params: unknown): RpcSubscription {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  if (!p['event']) return { refused: 'subscription requests must include an event name' };
  switch (p['event']) {
    case 'tx_update': {
      const txId = normalizeTxId(p['tx_id']);
      return txId
        ? { topic: topicOf.transaction(txId), result: { tx_id: txId } }
        : { refused: 'invalid tx_id' };
    }
    case 'address_tx_update':
    case 'address_balance_update': {
      const address = p['address'];
      if (typeof address !== 'string' || !isStacksPrincipal(address)) return { refused: 'invalid address' };
      const topic =
        p['event'] === 'address_tx_update'
          ? topicOf.addressTransaction(address)
          : topicOf.addressStxBalance(address);
      return { topic, result: { address } };
    }
    case 'block':
    case 'microblock':
    case 'mempool':
      return { topic: p['event'] as Topic, result: {} };
    case 'nft_event':
      return { topic: 'nft-event', result: {} };
    case 'nft_asset_event': {
      // Neither is checked: a subscription to what never comes is accepted, as the real service does.
      const asset = p['asset_identifier'];
      const value = p['value'];
      return {
        topic: topicOf.nftAsset(String(asset), String(value)),
        result: { asset_identifier: asset, value },
      };
    }
    case 'nft_collection_event': {
      const asset = p['asset_identifier'];
      return { topic: topicOf.nftCollection(String(asset)), result: { asset_identifier: asset } };
    }
    default:
      return { refused: 'subscription request must use a valid event name' };
  }
}
