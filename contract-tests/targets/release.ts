import { profileOfServerVersion, type ReleaseProfile } from '../../spec/releases/releases.ts';
import type { ContractClient } from '../http/client.ts';
import { serveAsRelease } from '../spec-context.ts';

/** Which release of the real service the target says it runs, as its status (operation 4) says. */
export interface TargetRelease {
  /** `server_version` as the target wrote it, or why it could not be read. */
  serverVersion: string;
  /** The release it names (`major.minor.patch`); undefined when it names none. */
  version?: string;
  /** What that release sends (its `Warning`, its status and pending fields): the release's own profile, else the newest older one. */
  profile?: ReleaseProfile;
}

/** The release a `server_version` names. */
export function releaseOf(serverVersion: string): TargetRelease {
  const version = /\bv?(\d+\.\d+\.\d+)\b/.exec(serverVersion)?.[1];
  const profile = profileOfServerVersion(serverVersion);
  return { serverVersion, ...(version ? { version } : {}), ...(profile ? { profile } : {}) };
}

/**
 * Reads the target's release from its status and holds the suite to it from then on: each
 * operation is judged as that release serves it (deprecated or not, its parameters). A target
 * whose status names no release is judged by the spec as written (the newest release).
 */
export async function readRelease(client: ContractClient): Promise<TargetRelease> {
  const ex = await client.call('get_status');
  const said = typeof ex.body === 'object' && ex.body !== null ? (ex.body as Record<string, unknown>) : {};
  const release =
    typeof said.server_version === 'string'
      ? releaseOf(said.server_version)
      : { serverVersion: `(not read: GET /extended answered ${ex.status} without a server_version)` };
  serveAsRelease(release.version);
  return release;
}

/** The release in words, for the summary and skip reasons. */
export function describeRelease(release: TargetRelease): string {
  if (!release.version) return `${release.serverVersion}: no release named; judged by the spec as written`;
  const profile = release.profile;
  if (!profile)
    return `${release.version} (older than every release profile; judged by the spec as of ${release.version})`;
  return profile.version === release.version
    ? `${release.version} (its own release profile)`
    : `${release.version} (the ${profile.version} release profile, the newest not newer than it)`;
}
