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

/**
 * A validated request. The query parameters listed in `D` have a default in the spec, which
 * validation fills in, so the handler may rely on them being present.
 */
export interface OperationRequest<Id extends OperationId, D extends QueryKey<Id> = never> {
  /** The world's questions; a handler asks them, then serializes the records it gets. */
  queries: WorldQueries;
  /** The release the mock answers as: what it shows of the world differs between releases. */
  release: ReleaseProfile;
  path: PathParams<Id>;
  query: QueryParams<Id> & Required<Pick<QueryParams<Id>, D>>;
}

/** What an operation answers; HTTP details (headers, caching, the error body) are the app's. */
export type OperationResult<Id extends OperationId> =
  { status: 200; body: OkBody<Id> } | { status: 404; message: string };

export interface OperationHandler<Id extends OperationId, D extends QueryKey<Id> = never> {
  /** Query parameters the handler relies on the spec's default for; checked against the spec at start. */
  readonly defaulted: readonly D[];
  answer(request: OperationRequest<Id, D>): OperationResult<Id>;
}

/** One handler per operation of the spec, so the compiler sees a missing or misnamed one. */
export type OperationHandlers = {
  [Id in OperationId]: OperationHandler<Id, QueryKey<Id>>;
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
