import type { ReleaseProfile } from '../../spec/releases/profile.ts';
import type { ChainChange, ChainWatcher, LiveChain } from '../control/live-chain.ts';
import { forEachInvolved } from '../world/derive/involvement.ts';
import { statusName, type Status } from '../world/tables/kinds.ts';
import {
  topicOf,
  topicsOf,
  type Announcement,
  type LiveChannel,
  type MempoolTransaction,
  type Topic,
} from './announcement.ts';
import { Payloads } from './payloads.ts';

/**
 * The living chain's changes, announced on every attached channel in the order the real service's
 * transmitter sends them (docs/live-updates.md): for each mined block, the block, then each of its
 * transactions (the mempool topic again for one that was pending, then its transaction topic),
 * then each address the block touched (its transactions at that block, then its STX balance),
 * then the NFT events; then every transaction that entered the mempool or changed status there
 * (dropped, replaced by fee). A message is built only when a channel has subscribers for its topic.
 */
export class LiveUpdates implements ChainWatcher {
  private readonly channels = new Set<LiveChannel>();
  private readonly payloads: Payloads;
  /** The mempool's statuses before the change, by id; undefined when no one was after the mempool or a transaction. */
  private held: Map<string, Status> | undefined;
  /**
   * Pending transactions' bodies, each built once while it waits (it does not change then): what
   * the mempool topic sends again when a block mines it. Kept only while the mempool topic has
   * subscribers, for the transactions still in the mempool.
   */
  private readonly pendingBodies = new Map<string, MempoolTransaction>();
  private unwatch: (() => void) | undefined;

  constructor(
    private readonly live: LiveChain,
    release: ReleaseProfile,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.payloads = new Payloads(live.queries, release, live);
  }

  /** Sends the announcements to `channel` from now on; the function returned detaches it. */
  attach(channel: LiveChannel): () => void {
    this.channels.add(channel);
    this.unwatch ??= this.live.watch(this);
    return () => {
      this.channels.delete(channel);
      if (this.channels.size === 0) {
        this.unwatch?.();
        this.unwatch = undefined;
      }
    };
  }

  before(kind: ChainChange['kind']): void {
    const { mempool } = this.live.queries.chain;
    const bodies = this.wants('mempool');
    this.held = undefined;
    if (!bodies) this.pendingBodies.clear();
    if (!bodies && !this.wantsPrefix('transaction:')) return;
    this.held = new Map();
    for (let row = 0; row < mempool.count; row++) {
      const id = mempool.idHex(row);
      const status = mempool.status[row] as Status;
      this.held.set(id, status);
      if (kind === 'mined' && bodies && statusName(status) === 'pending' && !this.pendingBodies.has(id)) {
        const body = this.payloads.pending(id);
        if (body) this.pendingBodies.set(id, body);
      }
    }
  }

  after(change: ChainChange): void {
    // An announcement that cannot be built must not undo the change that the control call made.
    try {
      if (change.kind === 'reset') return;
      if (change.kind === 'mined') for (let h = change.from; h <= change.to; h++) this.announceBlock(h);
      this.announceMempool();
    } catch (err) {
      this.log(`live updates: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private wants(topic: Topic): boolean {
    for (const c of this.channels) if (c.wants(topic)) return true;
    return false;
  }

  private wantsPrefix(prefix: string): boolean {
    for (const c of this.channels) if (c.wantsPrefix(prefix)) return true;
    return false;
  }

  private send(a: Announcement): void {
    for (const topic of topicsOf(a)) for (const c of this.channels) if (c.wants(topic)) c.send(a, topic);
  }

  private announceBlock(h: number): void {
    const { payloads } = this;
    const chain = this.live.queries.chain;
    if (this.wants('block')) this.send({ kind: 'block', block: payloads.block(h) });
    const first = chain.blocks.firstTx[h - 1] as number;
    const end = first + (chain.blocks.txCount[h - 1] as number);
    const touched = new Set<number>();
    for (let tx = first; tx < end; tx++) {
      const id = chain.txs.idHex(tx);
      const was = this.pendingBodies.get(id);
      if (was && this.wants('mempool')) this.send({ kind: 'mempool', tx: was });
      this.announceTransaction(id);
      forEachInvolved(chain, tx, (p) => touched.add(p));
    }
    for (const p of touched) this.announceAddress(chain.principals.name(p), h);
    if (!this.wantsPrefix('nft-')) return;
    for (let tx = first; tx < end; tx++)
      for (const event of payloads.nftEvents(chain.txs.idHex(tx))) this.send({ kind: 'nft-event', event });
  }

  private announceTransaction(id: string): void {
    if (!this.wants(topicOf.transaction(id))) return;
    const tx = this.payloads.transaction(id);
    if (tx) this.send({ kind: 'transaction', tx });
  }

  private announceAddress(principal: string, h: number): void {
    const txTopic = this.wants(topicOf.addressTransaction(principal));
    const balanceTopic = this.wants(topicOf.addressStxBalance(principal));
    if (!txTopic && !balanceTopic) return;
    const txs = this.payloads.addressTransactions(principal, h);
    // A principal that only sponsored the block's transactions is not in its history: the real
    // service does not count it as touched.
    if (txs.length === 0) return;
    if (txTopic) for (const tx of txs) this.send({ kind: 'address-transaction', principal, tx });
    const balance = balanceTopic ? this.payloads.stxBalance(principal, h) : undefined;
    if (balance) this.send({ kind: 'address-stx-balance', principal, balance });
  }

  /** Transactions new in the mempool, then those whose status changed there (dropped, replaced). */
  private announceMempool(): void {
    const { held } = this;
    if (!held) return;
    const { mempool } = this.live.queries.chain;
    const changed: string[] = [];
    for (let row = 0; row < mempool.count; row++) {
      const id = mempool.idHex(row);
      const was = held.get(id);
      if (was === undefined) this.announcePending(id);
      else if (was !== mempool.status[row]) changed.push(id);
      held.delete(id);
    }
    for (const id of changed) this.announcePending(id);
    // What left the mempool (mined, or evicted long ago) needs no body any more.
    for (const id of held.keys()) this.pendingBodies.delete(id);
  }

  private announcePending(id: string): void {
    if (this.wants('mempool')) {
      const tx = this.payloads.pending(id);
      if (tx?.tx_status === 'pending') this.pendingBodies.set(id, tx);
      else this.pendingBodies.delete(id);
      if (tx) this.send({ kind: 'mempool', tx });
    }
    this.announceTransaction(id);
  }
}
