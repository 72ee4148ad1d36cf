import { match, type MatchFunction } from 'path-to-regexp';
import { fillPath } from '../document.ts';

/** The path and the query of a request target, as Express's `parseurl` splits them. */
export interface Target {
  pathname: string;
  /** After `?`, without it; empty when there is none. */
  query: string;
}

export function splitTarget(url: string): Target {
  if (url.startsWith('/')) {
    const end = url.indexOf('#');
    const whole = end < 0 ? url : url.slice(0, end);
    const q = whole.indexOf('?');
    return q < 0
      ? { pathname: whole, query: '' }
      : { pathname: whole.slice(0, q), query: whole.slice(q + 1) };
  }
  // The absolute form (`GET http://host/path`), which a proxy may send.
  try {
    const parsed = new URL(url);
    return { pathname: parsed.pathname, query: parsed.search.slice(1) };
  } catch {
    return { pathname: url, query: '' };
  }
}

/**
 * A path parameter decoded as Express decodes it: only when it holds a `%`. A malformed escape
 * throws a URIError marked as the client's fault (status 400), as Express marks it.
 */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) Object.assign(err, { status: 400 });
    throw err;
  }
}

/** A route that matched, with its decoded path parameters. */
export interface Routed<T> {
  route: T;
  params: Record<string, string>;
}

/**
 * Routes a pathname to the first of `routes` whose spec path matches it, as Express 5's router
 * does (path-to-regexp: case-insensitive, an optional trailing slash, parameters decoded), so
 * the pipeline routes the same wherever it runs. Throws a URIError on a malformed escape in a
 * parameter, as Express does; with `decode: false` the parameters stay as sent and nothing throws.
 * Each route's matcher is compiled when a pathname first reaches it, not with the router: a
 * mock's start builds several routers over every operation, and its first answer tries a few.
 */
export function routerOf<T extends { path: string }>(
  routes: readonly T[],
  { decode = true }: { decode?: boolean } = {},
): (pathname: string) => Routed<T> | undefined {
  const ordered = staticFirst(routes);
  const matchers: MatchFunction<Record<string, string>>[] = [];
  const compile = (route: T): MatchFunction<Record<string, string>> =>
    match<Record<string, string>>(
      fillPath(route.path, (name) => `:${name}`),
      {
        sensitive: false,
        end: true,
        trailing: true,
        decode: decode ? decodeParam : false,
      },
    );
  return (pathname) => {
    for (let i = 0; i < ordered.length; i++) {
      const route = ordered[i] as T;
      const found = (matchers[i] ??= compile(route))(pathname);
      if (found) return { route, params: found.params };
    }
    return undefined;
  };
}

/**
 * The routes in the order the real service's router (find-my-way) prefers them: at the first
 * segment where two differ, a literal segment before a parameter, so `/extended/v1/tx/mempool`
 * is not taken for a `{tx_id}`. Otherwise in the order given (a stable sort).
 */
function staticFirst<T extends { path: string }>(routes: readonly T[]): T[] {
  // Each path's shape worked out once, not at each comparison: a start sorts several routers
  // over every operation.
  const shaped = routes.map((route) => ({
    route,
    shape: route.path
      .split('/')
      .map((segment) => (segment.includes('{') ? '1' : '0'))
      .join(''),
  }));
  return shaped.sort((a, b) => compareShapes(a.shape, b.shape)).map(({ route }) => route);
}

function compareShapes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path the spec has, asked with a method it has no operation for: the methods it takes (upper case). */
export interface WrongMethod {
  allow: string[];
}

export function isWrongMethod<T>(found: Routed<T> | WrongMethod): found is WrongMethod {
  return 'allow' in found;
}

/**
 * Routes a method and a pathname to the operation for them, as `routerOf` matches paths: the
 * operation with its path parameters; for a path the spec has under other methods only, the
 * methods it takes (`HEAD` goes with `GET`); undefined for a path the spec does not have. The one
 * router of the mock, the proxy and the tests, for the API's spec and the control plane's alike.
 */
export function operationRouterOf<T extends { path: string; method: string }>(
  operations: readonly T[],
  options: { decode?: boolean } = {},
): (method: string, pathname: string) => Routed<T> | WrongMethod | undefined {
  const byPath = new Map<string, { path: string; methods: Map<string, T> }>();
  for (const op of operations) {
    const entry = byPath.get(op.path) ?? { path: op.path, methods: new Map<string, T>() };
    entry.methods.set(op.method.toUpperCase(), op);
    byPath.set(op.path, entry);
  }
  const route = routerOf([...byPath.values()], options);
  return (method, pathname) => {
    const found = route(pathname);
    if (!found) return undefined;
    const { methods } = found.route;
    const op = methods.get(method) ?? (method === 'HEAD' ? methods.get('GET') : undefined);
    if (op) return { route: op, params: found.params };
    return { allow: [...methods.keys()] };
  };
}
