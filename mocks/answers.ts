// The eight operations' 200 bodies straight from their handlers, in-process and without HTTP:
// what the unit tests and the mock's default target file read. Each call is the handler's own
// query then serialize; "not found" is undefined.
import { releaseProfile, type ReleaseProfile } from '../spec/releases/releases.ts';
import { handlers } from './operations/handlers.ts';
import type { WorldCatalogue } from './query/catalogue.ts';
import {
  createWorldQueries,
  WorldQueries,
  type BlockRef,
  type HistoryQuery,
  type UntilBlock,
} from './query/world-queries.ts';
import type {
  AddressTxEvent,
  Balances,
  Block,
  MempoolStats,
  ServerStatus,
  SingleTxWithTransfers,
  TxListEntry,
  TxWithTransfers,
} from './serialize/types.ts';
import type { WorldOptions } from './world/options.ts';
import type { Page, PageWindow } from './query/paging.ts';
import { atOnce, type ChainDoor } from './operations/types.ts';

function untilBlockText(ref: UntilBlock | undefined): Record<string, string> {
  if (ref === undefined) return {};
  return { until_block: 'hash' in ref ? ref.hash : String(ref.height) };
}

/** The reads ask nothing of the chain's door: only a POST does. */
export const READS_ONLY: ChainDoor = {
  broadcast: () => {
    throw new Error('answers reads only');
  },
  faucet: () => {
    throw new Error('answers reads only');
  },
};

/** The operation's 200 body, as the serializers type it; undefined for its 404. */
function call<T>({ queries, release }: Answering, id: string, path: object, query: object): T | undefined {
  const handler = handlers[id];
  if (!handler) throw new Error(`no handler ${id}`);
  const result = atOnce(
    handler.answer({
      queries,
      release,
      path: path as Record<string, unknown>,
      query: query as Record<string, unknown>,
      door: READS_ONLY,
    }),
  );
  return result.status === 200 ? (result.body as T) : undefined;
}

interface Answering {
  queries: WorldQueries;
  release: ReleaseProfile;
}

/** The operations of one world as functions, with the arguments the tests think in. */
export interface Answers {
  readonly queries: WorldQueries;
  readonly options: WorldOptions;
  status(): ServerStatus;
  block(ref: BlockRef): Block | undefined;
  txListDetails(
    txIds: string[],
    opts: { eventLimit: number; eventOffset: number; unanchored: boolean },
  ): Record<string, TxListEntry>;
  mempoolStats(): MempoolStats;
  addressTxEvents(principal: string, txId: string, page: PageWindow): Page<AddressTxEvent> | undefined;
  transactionsWithTransfers(
    principal: string,
    q: HistoryQuery & PageWindow,
  ): Page<TxWithTransfers> | undefined;
  balances(principal: string, q: { untilBlock?: UntilBlock; unanchored: boolean }): Balances | undefined;
  txWithTransfers(principal: string, txId: string): SingleTxWithTransfers | undefined;
  catalogue(): WorldCatalogue;
}

/** `release`: the release answered as, the mock's default unless given. */
export function answersOf(queries: WorldQueries, release: ReleaseProfile = releaseProfile()): Answers {
  const on: Answering = { queries, release };
  return {
    queries,
    get options() {
      return queries.options;
    },
    status: () => call<ServerStatus>(on, 'get_status', {}, {}) as ServerStatus,
    block: (ref) =>
      call(
        on,
        'get_block',
        {
          height_or_hash: 'latest' in ref ? 'latest' : 'height' in ref ? ref.height : ref.hash,
        },
        {},
      ),
    txListDetails: (txIds, opts) =>
      // None found is a 404 over HTTP; here, as the 200 would list them: each id not found.
      call<Record<string, TxListEntry>>(
        on,
        'get_tx_list_details',
        {},
        {
          tx_id: txIds,
          event_limit: opts.eventLimit,
          event_offset: opts.eventOffset,
          unanchored: opts.unanchored,
        },
      ) ?? Object.fromEntries(txIds.map((id) => [id, { found: false, result: { tx_id: id } }])),
    mempoolStats: () => call<MempoolStats>(on, 'get_mempool_transaction_stats', {}, {}) as MempoolStats,
    addressTxEvents: (principal, txId, page) =>
      call(on, 'get_address_transaction_events', { address: principal, tx_id: txId }, page),
    transactionsWithTransfers: (principal, q) =>
      call(
        on,
        'get_account_transactions_with_transfers',
        { principal },
        {
          limit: q.limit,
          offset: q.offset,
          unanchored: q.unanchored,
          ...(q.height !== undefined ? { height: q.height } : {}),
          ...untilBlockText(q.untilBlock),
        },
      ),
    balances: (principal, q) =>
      call(
        on,
        'get_account_balance',
        { principal },
        { unanchored: q.unanchored, ...untilBlockText(q.untilBlock) },
      ),
    txWithTransfers: (principal, txId) =>
      call(on, 'get_single_transaction_with_transfers', { principal, tx_id: txId }, {}),
    catalogue: () => queries.catalogue(),
  };
}

/** The answers of a seeded world that does not move. */
export function createAnswers(options?: Partial<WorldOptions>, release?: ReleaseProfile): Answers {
  return answersOf(createWorldQueries(options), release);
}
