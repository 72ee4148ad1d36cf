import { fillPath, listOperations, type Document } from '../document.ts';
import type { operations } from '../types.ts';

/** An operation of the spec, by its operationId (spec/types.ts, generated from the spec). */
export type OperationId = keyof operations;

type Parameters<O extends OperationId> = operations[O]['parameters'];
/** A part's parameters; none (the spec's `never`) is an empty object, whose keys are none. */
type Present<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;
type PathOf<O extends OperationId> = Present<Parameters<O>['path']>;
type QueryOf<O extends OperationId> = Present<Parameters<O>['query']>;
/** A query value as a URL carries it; a list is the parameter repeated. */
type QueryValue = string | number | boolean | readonly (string | number)[];

/** An operation's path parameters (each one the spec names) and query parameters, typed from the spec. */
export type UrlParams<O extends OperationId> = ([keyof PathOf<O>] extends [never]
  ? { path?: undefined }
  : { path: { [K in keyof PathOf<O>]-?: string | number } }) & {
  query?: [keyof QueryOf<O>] extends [never] ? undefined : { [K in keyof QueryOf<O>]?: QueryValue };
};

/** The request target of an operation: its path from the spec with the parameters filled in, then the query. */
export type UrlFor = <O extends OperationId>(operationId: O, ...params: UrlArgs<O>) => string;
/** `urlFor`'s arguments after the operationId: its parameters, required when it has path parameters. */
export type UrlArgs<O extends OperationId> = [keyof PathOf<O>] extends [never]
  ? [params?: UrlParams<O>]
  : [params: UrlParams<O>];

/** Each operation's path template, by operationId: what `urlBuilder` fills in. */
export function operationPaths(doc: Document): Record<string, string> {
  return Object.fromEntries(listOperations(doc).map((op) => [op.operationId, op.path]));
}

/**
 * The one way product code writes a URL of the API: by operationId, with parameters typed from
 * the spec, never a hand-written `/extended/v…` path. Values are percent-encoded.
 */
export function urlBuilder(paths: Readonly<Record<string, string>>): UrlFor {
  return (operationId, ...[params]) => {
    const template = paths[operationId];
    if (template === undefined) throw new Error(`no operation ${String(operationId)} in the spec`);
    const path = (params?.path ?? {}) as Record<string, string | number>;
    const filled = fillPath(template, (name) => {
      const value = path[name];
      if (value === undefined) throw new Error(`${String(operationId)} needs its path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const query = Object.entries((params?.query ?? {}) as Record<string, QueryValue | undefined>).flatMap(
      ([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [value]).map(
              (v: string | number | boolean) =>
                `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`,
            ),
    );
    return query.length ? `${filled}?${query.join('&')}` : filled;
  };
}
