import type { ReleaseProfile } from '../../spec/releases/profile.ts';
import { get_account_balance } from '../operations/get_account_balance.ts';
import { get_account_transactions_with_transfers } from '../operations/get_account_transactions_with_transfers.ts';
import { get_transaction_by_id } from '../operations/get_transaction_by_id.ts';
import type { ChainDoor, OkBody, OperationId, OperationResult } from '../operations/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';
import { serializeBlockWithTxIds } from '../serialize/block.ts';
import type { NftEvent } from '../serialize/types.ts';
import type {
  AddressStxBalance,
  AddressTransaction,
  MempoolTransaction,
  Transaction,
} from './announcement.ts';

function body<Id extends OperationId>(result: OperationResult<Id>): OkBody<Id> | undefined {
  return result.status === 200 ? result.body : undefined;
}

/**
 * The bodies the live updates send, each asked of the REST operation that answers the same
 * object (so a message is what that route answers at that moment), as the real service's
 * transmitter asks its database: a transaction with no events (`event_limit=0`) and microblock
 * data included (`unanchored=true`), an address's transactions and STX balance at the block that
 * touched it (`height`, `until_block`).
 */
export class Payloads {
  constructor(
    private readonly queries: WorldQueries,
    private readonly release: ReleaseProfile,
    private readonly door: ChainDoor,
  ) {}

  block(height: number): ReturnType<typeof serializeBlockWithTxIds> {
    return serializeBlockWithTxIds(this.queries.chain, height);
  }

  /** `/extended/v1/tx/{tx_id}?event_limit=0&unanchored=true`: the mined form, else the pending (or dropped) one. */
  transaction(txId: string, eventLimit = 0): Transaction | undefined {
    const { queries, release, door } = this;
    return body(
      get_transaction_by_id.answer({
        queries,
        release,
        door,
        path: { tx_id: txId },
        query: { event_limit: eventLimit, event_offset: 0, unanchored: true },
      }),
    );
  }

  /** The transaction as the mempool holds it, or undefined once mined or unknown. */
  pending(txId: string): MempoolTransaction | undefined {
    const tx = this.transaction(txId);
    return tx && !('block_height' in tx) ? tx : undefined;
  }

  /** `/extended/v1/address/{principal}/transactions_with_transfers?height=h`, without the ft and nft transfers. */
  addressTransactions(principal: string, height: number): AddressTransaction[] {
    const { queries, release, door } = this;
    const page = body(
      get_account_transactions_with_transfers.answer({
        queries,
        release,
        door,
        path: { principal },
        query: { limit: 50, offset: 0, unanchored: false, height },
      }),
    );
    return (page?.results ?? []).map((r) => ({
      tx: r.tx,
      stx_sent: r.stx_sent,
      stx_received: r.stx_received,
      // The real service's transmitter sends its database's null for a missing party; REST's schema writes "".
      stx_transfers: r.stx_transfers.map((t) => ({
        amount: t.amount,
        sender: t.sender || null,
        recipient: t.recipient || null,
      })),
    }));
  }

  /** `/extended/v1/address/{principal}/balances?until_block=h`'s `stx`, with the vesting schedule when it has one. */
  stxBalance(principal: string, height: number): AddressStxBalance | undefined {
    const { queries, release, door } = this;
    const balances = body(
      get_account_balance.answer({
        queries,
        release,
        door,
        path: { principal },
        query: { unanchored: false, until_block: String(height) },
      }),
    );
    if (!balances) return undefined;
    const { stx } = balances;
    const locked = (balances as { token_offering_locked?: unknown }).token_offering_locked;
    return {
      balance: stx.balance,
      total_sent: stx.total_sent,
      total_received: stx.total_received,
      total_fees_sent: stx.total_fees_sent,
      total_miner_rewards_received: stx.total_miner_rewards_received,
      lock_tx_id: stx.lock_tx_id,
      locked: stx.locked,
      lock_height: stx.lock_height,
      burnchain_lock_height: stx.burnchain_lock_height,
      burnchain_unlock_height: stx.burnchain_unlock_height,
      ...(locked === undefined ? {} : { token_offering_locked: locked }),
    };
  }

  /** The NFT events of a mined transaction, from its events as `/extended/v1/tx/{tx_id}` lists them. */
  nftEvents(txId: string): NftEvent[] {
    const tx = this.transaction(txId, 100);
    if (!tx || !('block_height' in tx)) return [];
    const events: NftEvent[] = [];
    for (const e of tx.events) {
      if (e.event_type !== 'non_fungible_token_asset') continue;
      events.push({
        asset_identifier: e.asset.asset_id,
        asset_event_type: e.asset.asset_event_type,
        value: e.asset.value,
        tx_id: tx.tx_id,
        tx_index: tx.tx_index,
        block_height: tx.block_height,
        event_index: e.event_index,
        // The REST events write a missing party as '' and the live updates as null (both as the real service).
        sender: e.asset.sender || null,
        recipient: e.asset.recipient || null,
      });
    }
    return events;
  }
}
