// The JSON-RPC 2.0 channel (`/extended/v1/ws`) without its transport: what a client's text
// message gets back and which notifications it receives, as the real service's ws-rpc-channel.ts
// answers them, written with the library it uses (jsonrpc-lite), so the bytes are the same. The
// websocket server (node/ws-channel.ts) and MSW's `ws.link` (msw/live-updates.ts) carry it.
import {
  error as rpcError,
  JsonRpcError,
  notification,
  parse,
  success,
  type IParsedObject,
  type JsonRpc,
} from 'jsonrpc-lite';
import type { ReleaseProfile } from '../../spec/releases/profile.ts';
import type { Announcement, LiveChannel, Topic } from './announcement.ts';
import { rpcSubscription } from './topics.ts';

/** One connected client, as its transport sends to it. */
export interface RpcClient {
  send(text: string): void;
}

/** A client's message: text, or the bytes of a binary frame. */
export type RpcMessage = string | Uint8Array;

/** The notification a JSON-RPC subscriber of `topic` gets for the announcement. */
export function rpcNotification(a: Announcement, topic: Topic): string {
  switch (a.kind) {
    case 'block':
      return notification('block', a.block).serialize();
    case 'mempool':
      return notification('mempool', a.tx).serialize();
    case 'transaction':
      return notification('tx_update', a.tx).serialize();
    case 'address-transaction': {
      const { tx } = a;
      const params = {
        address: a.principal,
        tx_id: tx.tx.tx_id,
        tx_status: tx.tx.tx_status,
        tx_type: tx.tx.tx_type,
        ...tx,
      };
      return notification('address_tx_update', params).serialize();
    }
    case 'address-stx-balance':
      return notification('address_balance_update', { address: a.principal, ...a.balance }).serialize();
    case 'nft-event': {
      const method =
        topic === 'nft-event'
          ? 'nft_event'
          : topic.startsWith('nft-asset-event:')
            ? 'nft_asset_event'
            : 'nft_collection_event';
      return notification(method, a.event).serialize();
    }
  }
}

/**
 * The subscriptions of every client of one JSON-RPC channel, by topic, and the answers to their
 * messages. A notification is serialized once per topic and sent to each subscriber.
 */
export class JsonRpcChannel implements LiveChannel {
  private readonly subscribers = new Map<Topic, Set<RpcClient>>();

  constructor(private readonly release: ReleaseProfile) {}

  wants(topic: Topic): boolean {
    return this.subscribers.has(topic);
  }

  wantsPrefix(prefix: string): boolean {
    for (const topic of this.subscribers.keys()) if (topic.startsWith(prefix)) return true;
    return false;
  }

  send(a: Announcement, topic: Topic): void {
    const clients = this.subscribers.get(topic);
    if (!clients) return;
    const text = rpcNotification(a, topic);
    for (const client of clients) client.send(text);
  }

  /** The client's subscriptions to `topic` end (it went away, or was too slow). */
  drop(client: RpcClient, topic?: Topic): void {
    for (const [t, clients] of this.subscribers) {
      if (topic !== undefined && t !== topic) continue;
      clients.delete(client);
      if (clients.size === 0) this.subscribers.delete(t);
    }
  }

  /** The topics `client` is subscribed to. */
  topicsOf(client: RpcClient): Topic[] {
    return [...this.subscribers].filter(([, clients]) => clients.has(client)).map(([t]) => t);
  }

  /**
   * A client's message: answered (a single answer, a batch's array, or nothing for notifications
   * only), as the real service answers it. A binary frame is read as UTF-8 text from v9 on; v8's
   * websocket library handed it over as bytes, which it refused.
   */
  receive(client: RpcClient, message: RpcMessage): void {
    let payload: string;
    if (typeof message === 'string') payload = message;
    else if (this.release.rpcBinaryFrames) payload = new TextDecoder().decode(message);
    else
      return client.send(
        rpcError(null as never, JsonRpcError.parseError('unexpected data type: Buffer')).serialize(),
      );
    const parsed = parse(payload);
    const batch = Array.isArray(parsed);
    const answers = (batch ? parsed : [parsed])
      .filter((r) => r.type !== 'notification')
      .map((r) => this.answer(client, r));
    if (batch) client.send(JSON.stringify(answers));
    else if (answers.length === 1) client.send((answers[0] as JsonRpc).serialize());
  }

  private answer(client: RpcClient, req: IParsedObject): JsonRpc {
    switch (req.type) {
      case 'request': {
        const { id, method, params } = req.payload as {
          id: number | string;
          method: string;
          params?: unknown;
        };
        if (method !== 'subscribe' && method !== 'unsubscribe')
          return rpcError(id, JsonRpcError.methodNotFound(null));
        const sub = rpcSubscription(params);
        if ('refused' in sub) return rpcError(id, JsonRpcError.invalidParams(sub.refused));
        if (method === 'subscribe') this.add(client, sub.topic);
        else this.drop(client, sub.topic);
        return success(id, sub.result as never);
      }
      case 'error':
        return rpcError(
          (req.payload as { id: number }).id,
          JsonRpcError.invalidRequest('unexpected error msg from client'),
        );
      case 'success':
        return rpcError(
          (req.payload as { id: number }).id,
          JsonRpcError.invalidRequest('unexpected success msg from client'),
        );
      default:
        return rpcError(null as never, req.payload as JsonRpcError);
    }
  }

  private add(client: RpcClient, topic: Topic): void {
    let clients = this.subscribers.get(topic);
    if (!clients) this.subscribers.set(topic, (clients = new Set()));
    clients.add(client);
  }
}
