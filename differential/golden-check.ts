import { startMockServer } from '../mocks/server.ts';
import { releaseProfile } from '../spec/releases/releases.ts';
import { differences, type FieldDifference } from './compare.ts';
import { fetchAnswer } from './fetch-answer.ts';
import type { GoldenFile } from './golden.ts';
import { listedFor, type ListedDifference } from './listed.ts';

/** A difference between the mock's answer and a golden one that no entry of differences.yaml explains. */
export interface GoldenMismatch extends FieldDifference {
  path: string;
}

const ROOT = new URL('../', import.meta.url);

/**
 * Asks a mock started with the golden file's world, answering as the release that recorded it,
 * every recorded request and returns each field of its answers that differs from the real
 * service's recorded answer, leaving out the differences listed for that release.
 */
export async function checkGolden(
  golden: GoldenFile,
  listed: readonly ListedDifference[],
): Promise<GoldenMismatch[]> {
  const w = golden.world;
  const mock = await startMockServer({
    port: 0,
    apiVersion: releaseProfile(golden.release).version,
    quiet: true,
    rateLimit: 0,
    ...(w.seed !== undefined && { seed: w.seed }),
    ...(w.network && { network: w.network }),
    ...(w.blocks !== undefined && { blocks: w.blocks }),
    ...(w.world && { world: new URL(w.world, ROOT).pathname }),
    ...(w.deprecated && { deprecated: w.deprecated }),
  });
  try {
    const found: GoldenMismatch[] = [];
    for (const recorded of golden.answers) {
      const answer = await fetchAnswer(mock.url, recorded.path);
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
  } finally {
    await mock.close();
  }
}
