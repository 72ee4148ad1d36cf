import { isJson, type AnsweredRequest, type Json } from '../checks/answered-request.ts';
import { namedTransactions } from '../checks/agreement-checks.ts';
import { objectAt, ok, results, singleAnswers, transfersOf } from '../checks/meaning-check.ts';
import type { BlockRef, TargetData } from '../targets/discover.ts';

/** A mined transaction the target named, with the principal whose history listed it, when one did. */
export interface SeenTransaction {
  tx_id: string;
  block_height: number;
  principal?: string;
  /** Whether operation 8 answers it for that principal (not for one concerned only through an ft/nft event). */
  single?: boolean;
}

const STANDARD = /^S[PMTN][0-9A-Z]{26,40}$/;
const CONTRACT = /^S[PMTN][0-9A-Z]{26,40}\.[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;

/** Insertion-ordered and without repeats, so the same answers give the same pool. */
class Ordered<T> {
  readonly items: T[] = [];
  private readonly keys = new Set<string>();
  constructor(private readonly keyOf: (item: T) => string) {}
  add(item: T): void {
    const key = this.keyOf(item);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.items.push(item);
  }
}

/**
 * What the target has answered so far, for the exploration to draw requests from: principals,
 * mined transactions (with the principal whose history listed them), blocks, and the history
 * totals seen per principal. Grows from the discovery data and from every passing case's answers.
 */
export class Pool {
  readonly principals = new Ordered<string>((p) => p);
  readonly transactions = new Ordered<SeenTransaction>((t) => `${t.tx_id} ${t.principal ?? ''}`);
  readonly blocks = new Ordered<BlockRef>((b) => b.hash);
  readonly totals = new Map<string, number>();

  constructor(data: TargetData) {
    for (const p of Object.values(data.addresses)) {
      if (typeof p === 'string') this.principal(p);
      else if (Array.isArray(p)) for (const q of p) this.principal(q);
    }
    for (const b of data.blocks) this.blocks.add(b);
  }

  private principal(p: unknown): void {
    if (typeof p === 'string' && (STANDARD.test(p) || CONTRACT.test(p))) this.principals.add(p);
  }

  /** Everything an answer names that a later request could ask about. */
  learn(a: AnsweredRequest): void {
    if (!ok(a)) return;
    const principal = a.path.principal;
    for (const { tx, item } of namedTransactions(a)) {
      // Only what a mined block holds: an unanchored transaction may never be mined.
      const mined = tx.canonical !== false && tx.is_unanchored !== true;
      if (typeof tx.tx_id === 'string' && typeof tx.block_height === 'number' && mined)
        this.transactions.add({
          tx_id: tx.tx_id,
          block_height: tx.block_height,
          ...(item && principal ? { principal, single: singleAnswers(item, principal) } : {}),
        });
      this.principal(tx.sender_address);
      this.principal(objectAt(tx.token_transfer).recipient_address);
      this.principal(objectAt(tx.contract_call).contract_id);
      for (const t of item ? transfersOf(item) : []) {
        this.principal(t.sender);
        this.principal(t.recipient);
      }
    }
    const unfiltered = !['height', 'until_block'].some((k) => a.query.has(k));
    if (a.operationId === 'get_account_transactions_with_transfers' && principal && unfiltered)
      if (typeof a.body.total === 'number') this.totals.set(principal, a.body.total);
    if (a.operationId === 'get_block') {
      const { height, hash, index_block_hash } = a.body;
      if (typeof height === 'number' && typeof hash === 'string' && typeof index_block_hash === 'string')
        this.blocks.add({ height, hash, index_block_hash });
    }
    if (a.operationId === 'get_address_transaction_events')
      for (const e of results(a.body)) {
        const d = objectAt(e.data);
        this.principal(d.sender);
        this.principal(d.recipient);
      }
    if (a.operationId === 'get_account_balance')
      for (const kind of ['fungible_tokens', 'non_fungible_tokens'])
        for (const asset of Object.keys(isJson(a.body[kind]) ? (a.body[kind] as Json) : {}))
          this.principal(asset.split('::')[0]);
  }
}

/** The `pick`-th of a list, wrapping around; undefined for an empty list. */
export function pickFrom<T>(list: readonly T[], pick: number): T | undefined {
  return list.length === 0 ? undefined : list[pick % list.length];
}
