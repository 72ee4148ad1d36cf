import type { LiveChain } from '../mocks/control/live-chain.ts';
import type { MockOptions } from '../mocks/options.ts';
import { startMockServer } from '../mocks/server.ts';
import { releaseProfile } from '../spec/releases/releases.ts';
import { differences, type FieldDifference } from './compare.ts';
import { fetchAnswer } from './fetch-answer.ts';
import type { GoldenFile } from './golden.ts';
import { listedFor, type ListedDifference } from './listed.ts';
import { requestsOf } from './mock-requests.ts';
import type { DiffRequest } from './starting-requests.ts';

/** A difference between the mock's answer and a golden one that no entry of differences.yaml explains. */
export interface GoldenMismatch extends FieldDifference {
  path: string;
}

/** What the golden check found: answers that differ unexplained, and recorded requests the differential no longer sends. */
export interface GoldenCheck {
  mismatches: GoldenMismatch[];
  /**
   * Recorded requests (operation, group, request target) the differential no longer builds for
   * that world and release: the recorded set is what the real service was asked, and only a
   * re-recording against it may change it.
   */
  unbuilt: string[];
}

export interface GoldenCheckOptions {
  /** Also check the recorded requests against the differential's (default false: building them costs about 0.1 s of CPU a world). */
  requestSet?: boolean;
  /**
   * A mock the caller started with `startGoldenMock` for this file, left running after the check
   * (tests that alter the file's answers ask it next); the check starts and closes its own otherwise.
   */
  mock?: GoldenMock;
}

/** A mock of a golden file's world, answering as its release. */
export type GoldenMock = Awaited<ReturnType<typeof startMockServer>>;

const ROOT = new URL('../', import.meta.url);

function requestKey(r: DiffRequest): string {
  return `${r.operationId} (${r.group}) ${r.path}`;
}

/**
 * A mock of the golden file's world, answering as the release that recorded it; with `live`, the
 * living chain of another golden mock of the same world, served instead of building it again.
 */
export function startGoldenMock(golden: GoldenFile, live?: LiveChain): ReturnType<typeof startMockServer> {
  const { deprecated } = golden.world;
  return startMockServer(
    {
      port: 0,
      apiVersion: releaseProfile(golden.release).version,
      quiet: true,
      rateLimit: 0,
      ...worldFlags(golden),
      ...(deprecated && { deprecated }),
    },
    {},
    live ? { live } : {},
  );
}

/** The flags that build a golden file's world (not `deprecated`, which only the answers follow). */
function worldFlags({ world: w }: GoldenFile): Partial<MockOptions> {
  return {
    ...(w.seed !== undefined && { seed: w.seed }),
    ...(w.network && { network: w.network }),
    ...(w.blocks !== undefined && { blocks: w.blocks }),
    ...(w.world && { world: new URL(w.world, ROOT).pathname }),
  };
}

/** The world a golden file was recorded on, as the mock builds it. */
export function goldenWorldKey(golden: GoldenFile): string {
  return JSON.stringify(worldFlags(golden));
}

/**
 * The golden mocks of one world at a time, one per release and `deprecated`, all serving the
 * chain the first one built: building a world and starting its Clarity engine (which a contract's
 * answer waits for) is most of a check, and the files of both releases and the sunset share one.
 * Asking for another world's mock closes the mocks of the world before (a world's mocks close
 * together: they share its engine).
 */
export class GoldenMocks {
  private world: { key: string; mocks: Map<string, Promise<GoldenMock>> } | undefined;

  /** A mock of `golden`'s world answering as its release (startGoldenMock), started on first ask. */
  async mockFor(golden: GoldenFile): Promise<GoldenMock> {
    const key = goldenWorldKey(golden);
    if (this.world?.key !== key) {
      await this.close();
      this.world = { key, mocks: new Map() };
    }
    const { mocks } = this.world;
    const as = `${golden.release} ${golden.world.deprecated ?? ''}`;
    let mock = mocks.get(as);
    if (!mock) {
      const first = mocks.values().next().value;
      mock = first ? first.then((built) => startGoldenMock(golden, built.live)) : startGoldenMock(golden);
      mocks.set(as, mock);
    }
    return mock;
  }

  /** Closes the mocks of the world asked last. */
  async close(): Promise<void> {
    const mocks = [...(this.world?.mocks.values() ?? [])];
    this.world = undefined;
    // A mock that did not start failed its file's check already.
    await Promise.all(
      mocks.map((mock) =>
        mock.then(
          (started) => started.close(),
          () => undefined,
        ),
      ),
    );
  }
}

/**
 * Asks a mock started with the golden file's world, answering as the release that recorded it,
 * every recorded request and returns each field of its answers that differs from the real
 * service's recorded answer, leaving out the differences listed for that release; and, when asked,
 * each recorded request the differential no longer builds for that world.
 */
export async function checkGolden(
  golden: GoldenFile,
  listed: readonly ListedDifference[],
  { requestSet = false, mock: given }: GoldenCheckOptions = {},
): Promise<GoldenCheck> {
  const mock = given ?? (await startGoldenMock(golden));
  try {
    const built = requestSet ? new Set((await requestsOf(mock, golden.release)).map(requestKey)) : undefined;
    const unbuilt = built ? golden.answers.map(requestKey).filter((key) => !built.has(key)) : [];
    return { mismatches: await goldenMismatches(mock.url, golden, listed), unbuilt };
  } finally {
    if (!given) await mock.close();
  }
}

/**
 * What `checkGolden` finds in the answers of the mock at `baseUrl`, which the caller started with
 * `startGoldenMock` for a golden file of the same world and release (tests that alter one file's
 * answers share one mock).
 */
export async function goldenMismatches(
  baseUrl: string,
  golden: GoldenFile,
  listed: readonly ListedDifference[],
): Promise<GoldenMismatch[]> {
  const found: GoldenMismatch[] = [];
  for (const recorded of golden.answers) {
    const answer = await fetchAnswer(baseUrl, recorded.path);
    for (const d of differences(answer, recorded.real))
      if (
        !listedFor(
          listed,
          { operation: recorded.operationId, group: recorded.group, release: golden.release },
          d.field,
        )
      )
        found.push({ path: recorded.path, ...d });
  }
  return found;
}
