import type { ReleaseProfile } from '../../spec/releases/releases.ts';
import type { OperationId } from '../../spec/request/url.ts';
import type { operations } from '../../spec/types.ts';
import type { WorldQueries } from '../query/world-queries.ts';

export type { OperationId } from '../../spec/request/url.ts';

type Parameters<Id extends OperationId> = operations[Id]['parameters'];
type Declared<T> = [T] extends [never] ? Record<string, never> : NonNullable<T>;

/** Path parameters after validation, typed from the spec. */
export type PathParams<Id extends OperationId> = Declared<Parameters<Id>['path']>;
/** Query parameters after validation, typed from the spec. */
export type QueryParams<Id extends OperationId> = Declared<Parameters<Id>['query']>;
/** Names of the query parameters, as the handler's `defaulted` list spells them. */
export type QueryKey<Id extends OperationId> = Extract<keyof QueryParams<Id>, string>;
/** The 200 body the spec documents for the operation. */
export type OkBody<Id extends OperationId> = operations[Id]['responses'][200]['content']['application/json'];

/** A body the handler decodes itself (its operation takes `application/octet-stream`): its bytes and `Content-Type`. */
export interface RawBody {
  readonly bytes: Uint8Array;
  /** The media type without parameters, lower-cased; '' when none was sent. */
  readonly type: string;
}

/**
 * What a POST may do to the chain, as a node and the faucet do it: the living chain
 * (mocks/control/live-chain.ts) is one. Each throws its refusal: a `NodeRejection` or an
 * `Undecodable` (node-refusals.ts), or an error with `status` 400 and a one-line message.
 */
export interface ChainDoor {
  /** `epoch4`: false for a release whose node takes none of epoch 4's values. */
  broadcast(bytes: Uint8Array, epoch4?: boolean): { txid: string };
  faucet(address: string): { txId: string; txRaw: string };
}

/** What every handler is handed beside its parameters. */
interface RequestContext {
  /** The world's questions; a handler asks them, then serializes the records it gets. */
  queries: WorldQueries;
  /** The release the mock answers as: what it shows of the world differs between releases. */
  release: ReleaseProfile;
  /** The JSON body, validated against the operation's request body schema; only where it takes one. */
  body?: unknown;
  /** The body as sent, for an operation that takes raw bytes (and decodes its forms itself). */
  raw?: RawBody;
  door: ChainDoor;
}

/**
 * A validated request. The query parameters listed in `D` have a default in the spec, which
 * validation fills in, so the handler may rely on them being present.
 */
export interface OperationRequest<
  Id extends OperationId,
  D extends QueryKey<Id> = never,
> extends RequestContext {
  path: PathParams<Id>;
  query: QueryParams<Id> & Required<Pick<QueryParams<Id>, D>>;
}

/** A validated request of an operation known by its id only (the pipeline's view, any document's). */
interface AnyRequest extends RequestContext {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
}

/** What an operation known by its id only answers. */
type AnyResult =
  { status: 200; body: unknown } | { status: 400 | 404 | 501; message: string; code?: undefined } | OwnAnswer;

/** What an operation answers; HTTP details (headers, caching, the error body) are the app's. */
export type OperationResult<Id extends OperationId> =
  { status: 200; body: OkBody<Id> } | { status: 400 | 404 | 501; message: string } | OwnAnswer;

/**
 * An answer in its own server's words, written as given rather than as the service's error
 * body: a stacks-node's refusal (JSON or text) or its text 404, the faucet's `{success: false, error}`,
 * the token metadata service's `{error}` 404.
 */
export interface OwnAnswer {
  status: 400 | 404;
  own: { json: unknown } | { text: string };
}

/**
 * An operation's handler: the one handler type. For an operation of spec/openapi.yaml
 * (`OperationHandler<'get_block'>`) its request and 200 body are typed from spec/types.ts; the
 * pipeline holds every handler by operationId (`OperationHandler`, any document's operation)
 * and hands each the values validation produced from that operation's schemas, which are what
 * its types describe. GET and POST handlers alike; a POST may answer in its own server's words.
 * A handler that runs Clarity answers once the engine is ready: a promise of its answer.
 */
export interface OperationHandler<
  Id extends string = string,
  D extends HandlerKey<Id> = Id extends OperationId ? never : string,
  Waits extends boolean = Id extends OperationId ? false : boolean,
> {
  /** Query parameters the handler relies on the spec's default for; checked against the spec at start. */
  readonly defaulted: readonly D[];
  /**
   * It answers once the Clarity engine has warmed up (seconds on a first request): the sample
   * URLs leave it out, so that what drives every sample (the banner, the load and fault tests)
   * never starts an engine.
   */
  readonly waitsForEngine?: Waits extends true ? true : never;
  answer(
    request: Id extends OperationId ? OperationRequest<Id, Extract<D, QueryKey<Id>>> : AnyRequest,
  ): Answered<Id extends OperationId ? OperationResult<Id> : AnyResult, Waits>;
}

/** An answer now; or, for a handler that `Waits` (for the Clarity engine), a promise of it. */
type Answered<T, Waits extends boolean> = Waits extends true ? Promise<T> : T;

/** The query parameters a handler may rely on a default for: its operation's (any name for an operation known by id only). */
type HandlerKey<Id extends string> = Id extends OperationId ? QueryKey<Id> : string;

/** One handler per operation of the spec, so the compiler sees a missing or misnamed one. */
export type OperationHandlers = {
  [Id in OperationId]: OperationHandler<Id, HandlerKey<Id>, boolean>;
};

export function ok<Id extends OperationId>(body: OkBody<Id>): OperationResult<Id> {
  return { status: 200, body };
}
export function notFound<Id extends OperationId>(message: string): OperationResult<Id> {
  return {
    status: 404,
    message,
  };
}

/** A refusal the real service's handler raises itself (after its schema passed), in its words. */
export function badRequest<Id extends OperationId>(message: string): OperationResult<Id> {
  return { status: 400, message };
}

export function own<Id extends OperationId>(
  answer: OwnAnswer['own'],
  status: OwnAnswer['status'] = 400,
): OperationResult<Id> {
  return { status, own: answer };
}
