import { fillPath, type Operation } from '../../spec/document.ts';
import { operationAsOf, RELEASES, type ReleaseProfile } from '../../spec/releases/releases.ts';

/** How the mock answers the deprecated operations of its release. */
export interface DeprecationSettings {
  /** Answered `410 Gone` as at the sunset: every deprecated operation, or these operationIds. */
  gone: 'all' | ReadonlySet<string> | undefined;
  /** Add RFC 9745 `Deprecation` and `Link: <successor>; rel="successor-version"`. */
  headers: boolean;
}

/**
 * `--deprecated`: `warn` (the default: they answer, with the `Warning`), `gone` (every
 * deprecated operation answers 410), or `gone:<operationId>[,<operationId>…]`. An operationId
 * that the release does not deprecate is refused, so a rehearsal cannot silently test nothing.
 */
export function parseDeprecated(value: string, ops: readonly Operation[]): DeprecationSettings['gone'] {
  if (value === '' || value === 'warn') return undefined;
  if (value === 'gone') return 'all';
  const named = /^gone:(.+)$/.exec(value)?.[1];
  const deprecated = ops.filter((op) => op.deprecated).map((op) => op.operationId);
  if (named === undefined)
    throw new Error(`--deprecated must be warn, gone or gone:<operationId>[,…], not "${value}"`);
  const ids = named.split(',').map((id) => id.trim());
  const unknown = ids.filter((id) => !deprecated.includes(id));
  if (unknown.length)
    throw new Error(
      `--deprecated gone: ${unknown.join(', ')} is not deprecated in this release; deprecated: ${deprecated.join(', ')}`,
    );
  return new Set(ids);
}

export function isGone(op: Operation, gone: DeprecationSettings['gone']): boolean {
  return op.deprecated && (gone === 'all' || (gone?.has(op.operationId) ?? false));
}

/** The 410 the real service answers on a deprecated route once its deprecated routes are disabled. */
export function goneBody(release: ReleaseProfile): { error: 'Gone'; message: string } {
  return { error: 'Gone', message: `This endpoint has been disabled. ${release.goneNote}` };
}

/** `Warning` on a deprecated operation's answers, and with `headers` its `Deprecation` date. */
export function deprecationHeaders(op: Operation, release: ReleaseProfile, headers: boolean): string[] {
  if (!op.deprecated) return [];
  if (!headers) return ['Warning', release.warning];
  return ['Warning', release.warning, 'Deprecation', `@${deprecatedOn(op)}`];
}

/**
 * RFC 9745's date, unix seconds: the day of the oldest release the mock reproduces that
 * deprecates the operation (it was deprecated by then; the real service publishes no date).
 */
function deprecatedOn(op: Operation): number {
  const oldest = [...RELEASES].reverse().find((r) => operationAsOf(op, r.version).deprecated);
  return Date.parse(`${(oldest ?? (RELEASES[0] as ReleaseProfile)).released}T00:00:00Z`) / 1000;
}

/**
 * `Link` to the replacement's routes (`rel="successor-version"`), their `{name}`s filled from the
 * request's path parameters (`address` and `principal` name the same thing); undefined when the
 * release names no route.
 */
export function successorLink(op: Operation, params: Record<string, string>): string | undefined {
  const routes = op.replacedBy?.routes ?? [];
  if (!routes.length) return undefined;
  const value = (name: string): string =>
    encodeURIComponent(params[name] ?? params[name === 'address' ? 'principal' : 'address'] ?? `{${name}}`);
  return routes
    .map((route) => `<${fillPath(route.replace(/^GET /, ''), value)}>; rel="successor-version"`)
    .join(', ');
}
