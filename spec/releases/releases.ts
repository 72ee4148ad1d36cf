import type { Operation } from '../document.ts';
import { RELEASES } from './list.ts';
import type { ReleaseProfile } from './profile.ts';

export type { ReleaseProfile } from './profile.ts';
export { RELEASES } from './list.ts';

/** The newest release the differential has verified. */
export const DEFAULT_RELEASE = '9.0.2';

/** The profile of a release the mock reproduces; one line naming the known ones otherwise. */
export function releaseProfile(version: string = DEFAULT_RELEASE): ReleaseProfile {
  const found = RELEASES.find((r) => r.version === version.replace(/^v/, ''));
  if (!found)
    throw new Error(
      `API version must be one of ${RELEASES.map((r) => r.version).join(', ')}, not "${version}"`,
    );
  return found;
}

/**
 * The profile that answers as a service whose status says `serverVersion`
 * (`stacks-blockchain-api v9.0.2 (master:1164d9ee)`): that release, else the newest profile
 * older than it; undefined when the string names no release or one older than every profile.
 */
export function profileOfServerVersion(serverVersion: string): ReleaseProfile | undefined {
  const version = /\bv?(\d+\.\d+\.\d+)\b/.exec(serverVersion)?.[1];
  if (version === undefined) return undefined;
  return RELEASES.find((r) => compareVersions(r.version, version) <= 0);
}

/** Orders `major.minor.patch` strings numerically: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Whether the release serves the operation at all: `x-releases` lists the releases that do (a
 * successor route); an operation without it is served by every release, and a release newer than
 * every listed one is taken to serve it as the newest listed does (a next release is one
 * declaration, not an edit of every x-releases). The mock answers an operation its release does
 * not serve as that release answers any path it has no route for.
 */
export function servedBy(op: Operation, version: string): boolean {
  if (op.releases === undefined || op.releases.includes(version)) return true;
  return op.releases.every((listed) => compareVersions(version, listed) > 0);
}

/** The operations a release serves, each as it serves it: the mock's routes when it answers as that release. */
export function operationsOf(ops: readonly Operation[], version: string): Operation[] {
  return ops.filter((op) => servedBy(op, version)).map((op) => operationAsOf(op, version));
}

/**
 * The operation as a release serves it. The spec describes the newest release; an operation
 * deprecated only from some release says so in `x-deprecated-since`, what older releases named
 * as its replacement is in `x-replaced-by-before` (keyed by the first release that named
 * something else), what older releases computed its ETag from is in `x-etag`'s `before` (keyed
 * the same way), and a parameter new in a release carries `x-since`: a release older than it
 * ignores the parameter, as it ignores any unknown one.
 */
export function operationAsOf(op: Operation, version: string): Operation {
  let byVersion = AS_OF.get(op);
  if (!byVersion) AS_OF.set(op, (byVersion = new Map()));
  let asOf = byVersion.get(version);
  if (!asOf) byVersion.set(version, (asOf = readAsOf(op, version)));
  return asOf;
}

/**
 * Each operation as each release serves it, worked out once: a mock's start asks for every
 * operation as its release three times (the command line, the kernel, the banner), and the
 * operations of a document are shared (listOperations). Callers must not change them.
 */
const AS_OF = new WeakMap<Operation, Map<string, Operation>>();

function readAsOf(op: Operation, version: string): Operation {
  const since = (v: string | undefined): boolean => v === undefined || compareVersions(version, v) >= 0;
  const deprecated = op.deprecated && since(op.deprecatedSince);
  const { replacedBy: newest, etag, ...rest } = op;
  const replacedBy = deprecated ? (asOf(op.replacedByBefore, version) ?? newest) : undefined;
  return {
    ...rest,
    deprecated,
    ...(replacedBy ? { replacedBy } : {}),
    ...(etag
      ? {
          etag: {
            from: asOf(etag.before, version) ?? etag.from,
            ...(etag.withMempoolParam === undefined ? {} : { withMempoolParam: etag.withMempoolParam }),
          },
        }
      : {}),
    parameters: op.parameters.filter((p) => since(p['x-since'])),
  };
}

/**
 * What a release took from a `…-before` map, keyed by the first release that took something
 * else: the entry of the oldest key newer than the release; undefined when none is (the newest's).
 */
function asOf<T>(before: Record<string, T> | undefined, version: string): T | undefined {
  return Object.entries(before ?? {})
    .filter(([from]) => compareVersions(version, from) < 0)
    .sort(([a], [b]) => compareVersions(a, b))[0]?.[1];
}
