import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { Chain } from '../mocks/world/tables/chain.ts';
import { urlFor } from '../spec/load.ts';
import {
  stringParams,
  validRequests,
  validRequestUrl,
  type ValidRequest,
  type WorldView,
} from '../spec/valid-requests/valid-requests.ts';

/** One request of the differential run: which operation, which group of requests, and its request target. */
export interface DiffRequest {
  operationId: string;
  /** What the request stands for, e.g. `block by hash`, `first page`, `bad input`. */
  group: string;
  path: string;
}

/** The world the run asks about: the mock's chain, its catalogue (`/_mock/world`) and its world view (mocks/world-view.ts). */
export interface DiffWorld {
  chain: Chain;
  catalogue: WorldCatalogue;
  view: WorldView;
}

/**
 * The view of one address of the world: every address fact names it, so each operation's declared
 * request (spec/valid-requests/) asks about that address, whichever fact the declaration reads.
 */
export function addressView(view: WorldView, address: string): WorldView {
  return {
    ...view,
    stx_activity: address,
    busiest: address,
    ft_activity: address,
    nft_activity: address,
    locked_stx: address,
  };
}

/**
 * The view of one transaction and its sender: every transaction fact names it. A pending
 * transaction is asked by the same parameters as a mined one (the declarations' own requests of a
 * pending id show it), so it is the view's transaction too.
 */
export function transactionView(view: WorldView, txId: string, sender: string): WorldView {
  return { ...view, tx_ids: [txId], mempool: [], address_tx: { address: sender, tx_id: txId } };
}

/** A request's path and query parameters as a URL carries them (`stringParams`): what the run's requests are built of. */
export type UrlRequest = ReturnType<typeof stringParams>;

/**
 * The operation's declared plainest valid request on the view: the start every request of the
 * run is built on. An operation the view cannot ask stops the run, naming the facts it lacks.
 */
export function startOf(operationId: string, view: WorldView): UrlRequest {
  const built = validRequests(operationId, view);
  const [first] = built.requests ?? [];
  if (!first)
    throw new Error(
      `the differential has no valid request of ${operationId} to start from: its view lacks ${built.missing?.join(', ') ?? 'nothing, yet none is declared'}`,
    );
  return stringParams(first);
}

/** The start with its query replaced: a page, a batch, a variant of the same request. */
export function withQuery(start: UrlRequest, query: UrlRequest['query']): UrlRequest {
  return { path: start.path, query };
}

/** The start with path parameters replaced: the same entity by another of its names (a block by its hash). */
export function withPath(start: UrlRequest, path: UrlRequest['path']): UrlRequest {
  return { path: { ...start.path, ...path }, query: start.query };
}

/**
 * The run's request of an operation: its request target built by the typed URL builder. A bad
 * input is a valid request with one parameter broken; the builder fills it in the same way.
 */
export function diffRequest(operationId: string, group: string, request: UrlRequest): DiffRequest {
  // The operation is known only at run time: the builder checks its path parameters as it fills them.
  return {
    operationId,
    group,
    path: validRequestUrl(urlFor, operationId, request as unknown as ValidRequest),
  };
}

/** Asks an operation about the entity of a view: its start, or the start with its query replaced. */
export type Ask = (operationId: string, group: string, query?: UrlRequest['query']) => void;

/** The asker of one entity (its view), adding each request to `out`; an operation `serves` refuses is left out. */
export function askerOf(out: DiffRequest[], view: WorldView, serves: (operationId: string) => boolean): Ask {
  return (operationId, group, query) => {
    if (!serves(operationId)) return;
    const start = startOf(operationId, view);
    out.push(diffRequest(operationId, group, query ? withQuery(start, query) : start));
  };
}
