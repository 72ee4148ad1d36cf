import { startMockServer } from '../mocks/server.ts';
import { profileOfServerVersion } from '../spec/releases/releases.ts';
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
 * Asks a mock started with the golden file's world, as the release that recorded it, every recorded request and returns each field
 * of its answers that differs from the real service's recorded answer, leaving out the listed
 * differences.
 */
export async function checkGolden(
  golden: GoldenFile,
  listed: readonly ListedDifference[],
): Promise<GoldenMismatch[]> {
  const w = golden.world;
  const release = profileOfServerVersion(golden.recorded);
  if (!release)
    throw new Error(`golden file recorded by "${golden.recorded}": no release profile answers as it`);
  const mock = await startMockServer({
    port: 0,
    apiVersion: release.version,
    quiet: true,
    rateLimit: 0,
    ...(w.seed !== undefined && { seed: w.seed }),
    ...(w.network && { network: w.network }),
    ...(w.blocks !== undefined && { blocks: w.blocks }),
    ...(w.world && { world: new URL(w.world, ROOT).pathname }),
  });
  try {
    const found: GoldenMismatch[] = [];
    for (const recorded of golden.answers) {
      const answer = await fetchAnswer(mock.url, recorded.path);
      for (const d of differences(answer, recorded.real))
        if (!listedFor(listed, recorded.operationId, d.field, recorded.group))
          found.push({ path: recorded.path, ...d });
    }
    return found;
  } finally {
    await mock.close();
  }
}
