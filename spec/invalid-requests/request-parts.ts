import { fillPath, type Operation } from '../load.ts';

/** One request as the mutations see it: decoded values, encoded only when the URL is built. */
export interface RequestParts {
  path: Record<string, string>;
  /** In order; a null value is a bare `name` without `=`. */
  query: [string, string | null][];
  headers: Record<string, string>;
  /** Sent byte for byte instead of the built URL (malformed escapes, raw characters). */
  rawUrl?: string;
}

/** The path and query the request is sent to. */
export function requestUrl(op: Operation, r: RequestParts): string {
  if (r.rawUrl !== undefined) return r.rawUrl;
  const path = fillPath(op.path, (name) => encodeURIComponent(r.path[name] ?? ''));
  const query = r.query
    .map(([k, v]) =>
      v === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    )
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** The request with every pair of `name` replaced by `pairs`, where the first of them stood. */
export function withQuery(r: RequestParts, name: string, pairs: [string, string | null][]): RequestParts {
  const at = r.query.findIndex(([k]) => k === name);
  const rest = r.query.filter(([k]) => k !== name);
  const query = at === -1 ? [...rest, ...pairs] : [...rest.slice(0, at), ...pairs, ...rest.slice(at)];
  return { ...r, query };
}

/** The request with one path or query parameter set to a single value. */
export function withValue(
  r: RequestParts,
  where: 'path' | 'query',
  name: string,
  value: string,
): RequestParts {
  return where === 'path'
    ? { ...r, path: { ...r.path, [name]: value } }
    : withQuery(r, name, [[name, value]]);
}

/** The URL with one more raw `name=value` pair, sent as it is. */
export function withRawPair(op: Operation, r: RequestParts, pair: string): RequestParts {
  const url = requestUrl(op, r);
  return { ...r, rawUrl: `${url}${url.includes('?') ? '&' : '?'}${pair}` };
}
