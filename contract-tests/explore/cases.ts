import fc from 'fast-check';
import type { AnsweredRequest } from '../checks/answered-request.ts';
import { namedTransactions } from '../checks/agreement-checks.ts';
import { objectAt, ok, results, singleAnswers } from '../checks/meaning-check.ts';
import { badRequestCases } from '../cases/bad-requests.ts';
import { operation, operations, type Query } from '../spec-context.ts';
import {
  parameterExamples,
  stringParams,
  validRequests,
  type WorldView,
} from '../../spec/valid-requests/valid-requests.ts';
import { pickFrom, type Pool } from './pool.ts';

/**
 * One explored case: a first request drawn from the spec and from what the target answered so
 * far, then steps that follow what each answer names. A case is plain data of small numbers
 * (picks into the pool, limits, offsets), so fast-check draws it from a seed and shrinks it
 * (fewer steps, smaller numbers) to the smallest case that still fails.
 */
export interface ExploreCase {
  start: Start;
  follows: Follow[];
}

type Filter = 'none' | 'height' | 'until-height' | 'until-hash' | 'unanchored' | 'anchored';

export type Start =
  | { kind: 'history'; pick: number; limit?: number; offset?: number; filter: Filter; filterPick: number }
  | { kind: 'balance'; pick: number; filter: Filter; filterPick: number }
  | { kind: 'events'; pick: number; limit?: number; offset?: number }
  | { kind: 'single'; pick: number }
  | { kind: 'block'; by: 'latest' | 'height' | 'hash' | 'index' | 'bare-hash'; pick: number }
  | { kind: 'tx-list'; picks: number[]; form: 'repeated' | 'comma' | 'upper' }
  | { kind: 'status' }
  | { kind: 'mempool' }
  | { kind: 'invalid'; operation: number; mutation: number; pick: number };

export const FOLLOW_STEPS = [
  'block',
  'events',
  'single',
  'tx-list',
  'at-height',
  'sender-balance',
  'next-page',
  'status',
] as const;
export type FollowStep = (typeof FOLLOW_STEPS)[number];

/** A step after an answer: `step` chooses among the steps that answer allows, `pick` what it names. */
export interface Follow {
  step: number;
  pick: number;
}

/** A request as the exploration sends it, and what the spec says it must get. */
export interface PlannedRequest {
  operationId: string;
  path: Record<string, string>;
  query: Query;
  /** 200 for a valid request, 400 for one the spec refuses, 404 for operation 8 on a transaction it does not answer. */
  status: number;
  because: string;
  /** For a refused request, the mutation's label (what a known deviation's `test` may name). */
  kind?: string;
}

const pick = fc.nat({ max: 1_000 });
const limit = fc.option(fc.oneof(fc.constantFrom(0, 1, 50), fc.integer({ min: 1, max: 50 })), {
  nil: undefined,
});
const offset = fc.option(fc.nat({ max: 1_000 }), { nil: undefined });
const filter = fc.constantFrom<Filter>(
  'none',
  'height',
  'until-height',
  'until-hash',
  'unanchored',
  'anchored',
);

const start: fc.Arbitrary<Start> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('history' as const),
      pick,
      limit,
      offset,
      filter,
      filterPick: pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('balance' as const), pick, filter, filterPick: pick }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('events' as const), pick, limit, offset }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('single' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('block' as const),
      by: fc.constantFrom(
        'latest' as const,
        'height' as const,
        'hash' as const,
        'index' as const,
        'bare-hash' as const,
      ),
      pick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tx-list' as const),
      picks: fc.array(pick, { minLength: 1, maxLength: 3 }),
      form: fc.constantFrom('repeated' as const, 'comma' as const, 'upper' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mempool' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('invalid' as const), operation: pick, mutation: pick, pick }),
  },
);

const follow: fc.Arbitrary<Follow> = fc.record({ step: fc.nat({ max: FOLLOW_STEPS.length - 1 }), pick });

export const exploreCase: fc.Arbitrary<ExploreCase> = fc.record({
  start,
  follows: fc.array(follow, { maxLength: 4 }),
});

/** What an offset wraps into for a list whose total no answer has shown yet. */
const UNKNOWN_TOTAL = 95;

function pageQuery(l: number | undefined, o: number | undefined, total: number | undefined): Query {
  return {
    ...(l !== undefined ? { limit: String(l) } : {}),
    // Offsets near and past the end matter most: wrap a drawn offset into the known total and a
    // little beyond; with no total known yet, into the first few pages, so a page has items to follow.
    ...(o !== undefined ? { offset: String(o % ((total ?? UNKNOWN_TOTAL) + 5)) } : {}),
  };
}

function filterQuery(f: Filter, p: number, pool: Pool, principal: string): Query | undefined {
  const own = pool.transactions.items.filter((t) => t.principal === principal);
  const block = pickFrom(pool.blocks.items, p);
  switch (f) {
    case 'none':
      return {};
    case 'height': {
      const t = pickFrom(own, p) ?? pickFrom(pool.transactions.items, p);
      return t ? { height: String(t.block_height) } : undefined;
    }
    case 'until-height':
      return block ? { until_block: String(block.height) } : undefined;
    case 'until-hash':
      return block ? { until_block: block.hash } : undefined;
    case 'unanchored':
      return { unanchored: 'true' };
    case 'anchored':
      return { unanchored: 'false' };
  }
}

const VALID = 'a valid request built from what the target answered';

/** What the pool holds at these picks, as the world view valid requests are built from. */
function viewAt(p: number, pool: Pool): WorldView {
  const principal = pickFrom(pool.principals.items, p);
  const pair = pickFrom(
    pool.transactions.items.filter((t) => t.principal),
    p,
  );
  const block = pickFrom(pool.blocks.items, p);
  return {
    ...(principal ? { stx_activity: principal } : {}),
    ...(pair?.principal ? { address_tx: { address: pair.principal, tx_id: pair.tx_id } } : {}),
    ...(pair ? { tx_ids: [pair.tx_id] } : {}),
    ...(block ? { block_height: block.height, block_hash: block.hash } : {}),
  };
}

/**
 * The operation's declared valid request (spec/valid-requests/) on the pool's view, for the
 * mutations that start from one; undefined when the pool lacks what it needs.
 */
function validFor(operationId: string, view: WorldView): PlannedRequest | undefined {
  const [first] = validRequests(operationId, view).requests ?? [];
  return first ? { operationId, ...stringParams(first), status: 200, because: VALID } : undefined;
}

/**
 * The operations whose invalid requests the exploration starts from: those with parameters to
 * break whose real answers to them are recorded (the spec's `x-bad-inputs`), so a refusal it
 * expects is the real service's.
 */
const MUTABLE = operations
  .filter((op) => op.badInputs && op.parameters.length > 0)
  .map((op) => op.operationId);

function invalid(s: Extract<Start, { kind: 'invalid' }>, pool: Pool): PlannedRequest | undefined {
  const operationId = pickFrom(MUTABLE, s.operation) as string;
  const view = viewAt(s.pick, pool);
  const valid = validFor(operationId, view);
  if (!valid) return undefined;
  const examples = parameterExamples(view, valid.path);
  const cases = badRequestCases(operation(operationId), { path: valid.path, query: valid.query }, examples);
  const bad = pickFrom(cases, s.mutation);
  return bad
    ? { operationId, path: bad.path, query: bad.query, status: 400, because: bad.because, kind: bad.name }
    : undefined;
}

/** Operation 8 on a transaction that concerns the principal only through an ft/nft event: 404. */
function notAnswered(path: Record<string, string>): PlannedRequest {
  return {
    operationId: 'get_single_transaction_with_transfers',
    path,
    query: {},
    status: 404,
    because:
      'the principal is not the sender, the token transfer\u2019s recipient, the contract called or deployed, nor in an STX transfer (operation 8 looks no further)',
  };
}

/** The first request of a case, or undefined when the pool cannot build it yet. */
export function resolveStart(s: Start, pool: Pool): PlannedRequest | undefined {
  const ok200 = (operationId: string, path: Record<string, string>, query: Query = {}): PlannedRequest => ({
    operationId,
    path,
    query,
    status: 200,
    because: VALID,
  });
  switch (s.kind) {
    case 'status':
      return ok200('get_status', {});
    case 'mempool':
      return ok200('get_mempool_transaction_stats', {});
    case 'invalid':
      return invalid(s, pool);
    case 'block': {
      const b = pickFrom(pool.blocks.items, s.pick);
      if (s.by === 'latest' || !b) return ok200('get_block', { height_or_hash: 'latest' });
      const value = {
        height: String(b.height),
        hash: b.hash,
        index: b.index_block_hash,
        'bare-hash': b.hash.slice(2).toUpperCase(),
      }[s.by];
      return ok200('get_block', { height_or_hash: value });
    }
    case 'tx-list': {
      const ids = [...new Set(s.picks.map((p) => pickFrom(pool.transactions.items, p)?.tx_id))].filter(
        (id): id is string => id !== undefined,
      );
      if (ids.length === 0) return undefined;
      if (s.form === 'comma') return ok200('get_tx_list_details', {}, { tx_id: ids.join(',') });
      if (s.form === 'upper')
        return ok200('get_tx_list_details', {}, { tx_id: ids.map((id) => `0x${id.slice(2).toUpperCase()}`) });
      return ok200('get_tx_list_details', {}, { tx_id: ids });
    }
    case 'history': {
      const principal = pickFrom(pool.principals.items, s.pick);
      if (!principal) return undefined;
      const f = filterQuery(s.filter, s.filterPick, pool, principal);
      if (!f) return undefined;
      const page = pageQuery(s.limit, s.offset, pool.totals.get(principal));
      return ok200('get_account_transactions_with_transfers', { principal }, { ...page, ...f });
    }
    case 'balance': {
      const principal = pickFrom(pool.principals.items, s.pick);
      if (!principal) return undefined;
      const f = filterQuery(s.filter === 'height' ? 'none' : s.filter, s.filterPick, pool, principal);
      return f ? ok200('get_account_balance', { principal }, f) : undefined;
    }
    case 'events': {
      const pair = pickFrom(
        pool.transactions.items.filter((t) => t.principal),
        s.pick,
      );
      if (!pair?.principal) return undefined;
      return ok200(
        'get_address_transaction_events',
        { address: pair.principal, tx_id: pair.tx_id },
        pageQuery(s.limit, s.offset, 10),
      );
    }
    case 'single': {
      const pair = pickFrom(
        pool.transactions.items.filter((t) => t.principal),
        s.pick,
      );
      if (!pair?.principal) return undefined;
      const request = { principal: pair.principal, tx_id: pair.tx_id };
      return pair.single === false
        ? notAnswered(request)
        : ok200('get_single_transaction_with_transfers', request);
    }
  }
}

/**
 * The next request after an answer: of the steps that answer allows (it names a transaction, it
 * is a page, …), the `step`-th, wrapping around; undefined when it allows none.
 */
export function resolveFollow(f: Follow, last: AnsweredRequest): PlannedRequest | undefined {
  const possible = FOLLOW_STEPS.flatMap((step) => {
    const next = followStep(step, f.pick, last);
    return next ? [next] : [];
  });
  return pickFrom(possible, f.step);
}

function followStep(step: FollowStep, pickAt: number, last: AnsweredRequest): PlannedRequest | undefined {
  const ok200 = (operationId: string, path: Record<string, string>, query: Query = {}): PlannedRequest => ({
    operationId,
    path,
    query,
    status: 200,
    because: `a valid request following what ${last.operationId} named`,
  });
  if (!ok(last)) return undefined;
  // The status after an answer that names blocks (its tip must not be behind them), or after the
  // mempool statistics (their ages are bounded by it).
  if (step === 'status')
    return ['get_block', 'get_mempool_transaction_stats'].includes(last.operationId) ||
      namedTransactions(last).length > 0
      ? ok200('get_status', {})
      : undefined;
  const named = pickFrom(
    namedTransactions(last).filter(({ tx }) => tx.is_unanchored !== true),
    pickAt,
  );
  const principal = last.path.principal;
  const txId = typeof named?.tx.tx_id === 'string' ? named.tx.tx_id : undefined;
  switch (step) {
    case 'block':
      if (last.operationId === 'get_block' && typeof last.body.hash === 'string')
        return ok200('get_block', { height_or_hash: last.body.index_block_hash as string });
      return named && typeof named.tx.block_height === 'number'
        ? ok200('get_block', { height_or_hash: String(named.tx.block_height) })
        : undefined;
    case 'events':
      return principal && named?.item && txId
        ? ok200('get_address_transaction_events', { address: principal, tx_id: txId })
        : undefined;
    case 'single':
      if (!principal || !named?.item || !txId) return undefined;
      return singleAnswers(named.item, principal)
        ? ok200('get_single_transaction_with_transfers', { principal, tx_id: txId })
        : notAnswered({ principal, tx_id: txId });
    case 'tx-list':
      return txId ? ok200('get_tx_list_details', {}, { tx_id: [txId] }) : undefined;
    case 'at-height':
      return principal && named?.item && typeof named.tx.block_height === 'number'
        ? ok200(
            'get_account_transactions_with_transfers',
            { principal },
            { height: String(named.tx.block_height), limit: '50' },
          )
        : undefined;
    case 'sender-balance': {
      const parties = results(last.body).map((e) => objectAt(e.data).sender ?? objectAt(e.data).recipient);
      const who = named?.tx.sender_address ?? pickFrom(parties, pickAt);
      return typeof who === 'string' && who !== ''
        ? ok200('get_account_balance', { principal: who })
        : undefined;
    }
    case 'next-page': {
      const { limit, offset, total } = last.body;
      if (typeof limit !== 'number' || typeof offset !== 'number' || !Array.isArray(last.body.results))
        return undefined;
      // A page names a next one only while items remain: past the end, the starts' offsets go.
      if (typeof total === 'number' && offset + limit >= total) return undefined;
      // With `height` the whole block comes on every page: there is no next one.
      if (last.query.has('height')) return undefined;
      const query: Query = {
        ...Object.fromEntries(last.query),
        limit: String(limit),
        offset: String(offset + limit),
      };
      return ok200(last.operationId, { ...last.path }, query);
    }
  }
}
