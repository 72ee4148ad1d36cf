import fc from 'fast-check';
import type { AnsweredRequest, Json } from '../checks/answered-request.ts';
import type { FollowFact } from '../../spec/document.ts';
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

/**
 * Every way the spec says an answer may be followed (each operation's `x-follow`: its parameters
 * from what the answer names), in the spec's order; a page's next page comes after them.
 */
const FOLLOWS = operations.flatMap((op) => (op.follow ?? []).map((way) => ({ op, way })));

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

const follow: fc.Arbitrary<Follow> = fc.record({ step: fc.nat({ max: FOLLOWS.length }), pick });

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
 * The next request after an answer: of the steps that answer allows (a way the spec declares
 * whose facts the answer names, or its next page), the `step`-th, wrapping around; undefined when
 * it allows none.
 */
export function resolveFollow(f: Follow, last: AnsweredRequest): PlannedRequest | undefined {
  if (!ok(last)) return undefined;
  const facts = factsOf(last, f.pick);
  const because = `a valid request following what ${last.operationId} named`;
  const possible = FOLLOWS.flatMap(({ op, way }) => {
    if (way.after && !way.after.includes(last.operationId)) return [];
    const path: Record<string, string> = {};
    const query: Query = {};
    const given = [
      ...Object.entries(way.from).map(([name, fact]) => [name, facts.values[fact]] as const),
      ...Object.entries(way.with),
    ];
    for (const [name, value] of given) {
      if (value === undefined) return [];
      if (op.parameters.some((p) => p.name === name && p.in === 'path')) path[name] = value;
      else query[name] = value;
    }
    return [plannedAfter(op.operationId, path, query, because, facts.item)];
  });
  const page = nextPage(last, because);
  return pickFrom(page ? [...possible, page] : possible, f.step);
}

/** What an answer names, as `x-follow` calls it; the transaction and the party are those at `pickAt`. */
function factsOf(
  last: AnsweredRequest & { body: Json },
  pickAt: number,
): { values: Partial<Record<FollowFact, string>>; item?: Json } {
  const named = pickFrom(
    namedTransactions(last).filter(({ tx }) => tx.is_unanchored !== true),
    pickAt,
  );
  const text = (v: unknown): string | undefined =>
    typeof v === 'number' ? String(v) : typeof v === 'string' && v !== '' ? v : undefined;
  const tx = named?.tx;
  const height = typeof tx?.block_height === 'number' ? String(tx.block_height) : undefined;
  const parties = results(last.body).map((e) => objectAt(e.data).sender ?? objectAt(e.data).recipient);
  // A block's answer: its own hash beside the index block hash (a transaction names only its block's).
  const block = typeof last.body.hash === 'string' ? text(last.body.index_block_hash) : undefined;
  return {
    values: {
      principal: text(last.path.principal),
      'transaction.tx_id': text(tx?.tx_id),
      'transaction.block_height': height,
      'transaction.sender_address': text(tx?.sender_address),
      'item.tx_id': named?.item ? text(tx?.tx_id) : undefined,
      'item.block_height': named?.item ? height : undefined,
      'block.index_block_hash': block,
      party: text(pickFrom(parties, pickAt)),
    },
    ...(named?.item ? { item: named.item } : {}),
  };
}

/**
 * A request after an answer, expected to answer 200; but operation 8 on a transaction that
 * concerns the principal only through an ft/nft event, which it does not answer.
 */
function plannedAfter(
  operationId: string,
  path: Record<string, string>,
  query: Query,
  because: string,
  item: Json | undefined,
): PlannedRequest {
  if (
    operationId === 'get_single_transaction_with_transfers' &&
    item &&
    path.principal &&
    !singleAnswers(item, path.principal)
  )
    return notAnswered(path);
  return { operationId, path, query, status: 200, because };
}

/** The next page of a page, while items remain. */
function nextPage(last: AnsweredRequest & { body: Json }, because: string): PlannedRequest | undefined {
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
  return { operationId: last.operationId, path: { ...last.path }, query, status: 200, because };
}
