import { mkdirSync, writeFileSync } from 'node:fs';
import { startMockServer } from '../mocks/server.ts';
import { profileOfServerVersion } from '../spec/releases/releases.ts';
import { differences, type Answer } from './compare.ts';
import { fetchAnswer, inPool } from './fetch-answer.ts';
import {
  goldenFileOf,
  goldenSample,
  readGolden,
  writeGolden,
  type GoldenWorld,
  type RecordedAnswer,
} from './golden.ts';
import { listedFor, readListed } from './listed.ts';
import { markdownReport } from './report.ts';
import { requestsOf } from './mock-requests.ts';
import type { DiffRequest } from './starting-requests.ts';
import { Tally } from './tally.ts';
import { urlFor } from '../spec/load.ts';

export interface DifferentialOptions {
  /** The real service, loaded with this world's event stream. */
  realUrl: string;
  /** The world, as the mock's flags. */
  world: GoldenWorld;
  /** Names the report (`reports/differential-<release>-<name>.md`) and the golden file (`fixtures/golden/<release>/<name>.json`). */
  name: string;
  /** Record the real service's answers as golden answers. */
  golden: boolean;
  /**
   * Ask only the requests the world's golden file holds (and record their answers again): for a
   * world that changed where the requests did not, minutes less than the whole run.
   */
  refresh?: boolean;
  concurrency: number;
  reportDir: string;
  log(line: string): void;
}

export interface DifferentialResult {
  /** The real service's release; the mock answered as it. */
  release: string;
  answers: number;
  equal: number;
  report: string;
}

/**
 * Sends every request the differential builds for the world (`requestsOf`) to a mock started
 * in-process with the world and to the real service, compares each pair of answers, and writes
 * the Markdown report (and the golden answers when asked).
 */
export async function runDifferential(o: DifferentialOptions): Promise<DifferentialResult> {
  const real = await fetchAnswer(o.realUrl, urlFor('get_status'));
  const serverVersion = String((real.body as { server_version?: string } | undefined)?.server_version);
  const release = real.status === 200 ? profileOfServerVersion(serverVersion)?.version : undefined;
  if (!release)
    throw new Error(
      `the real service at ${o.realUrl} answered /extended with ${real.status} "${serverVersion}": no release profile of the mock answers as it`,
    );
  const mock = await startMockServer({
    port: 0,
    apiVersion: release,
    quiet: true,
    rateLimit: 0,
    ...(o.world.seed !== undefined && { seed: o.world.seed }),
    ...(o.world.network && { network: o.world.network }),
    ...(o.world.blocks !== undefined && { blocks: o.world.blocks }),
    ...(o.world.world && { world: o.world.world }),
    ...(o.world.deprecated && { deprecated: o.world.deprecated }),
  });
  // Every id is the hash of the transaction's bytes, as the real service names it: both are asked
  // the same paths and their answers compared as they are.
  try {
    const mockStatus = await fetchAnswer(mock.url, urlFor('get_status'));
    const tipOf = (a: Answer) =>
      (a.body as { chain_tip?: { index_block_hash?: string } })?.chain_tip?.index_block_hash;
    if (tipOf(real) !== tipOf(mockStatus))
      throw new Error(
        `the real service at ${o.realUrl} does not serve this world (its tip ${tipOf(real)}, the mock's ${tipOf(mockStatus)}): import the mock's event-stream export into it first`,
      );
    const requests = o.refresh
      ? readGolden(goldenFileOf(release, o.name)).answers.map(
          ({ real: _, ...request }): DiffRequest => request,
        )
      : await requestsOf(mock, release);
    o.log(`differential ${o.name}: ${requests.length} requests to ${mock.url} and ${o.realUrl}`);
    const listed = readListed();
    const tally = new Tally();
    const recorded: RecordedAnswer[] = new Array(requests.length);
    let done = 0;
    await inPool([...requests.keys()], o.concurrency, async (i) => {
      const r = requests[i] as DiffRequest;
      const [m, realAnswer] = await Promise.all([
        fetchAnswer(mock.url, r.path),
        fetchAnswer(o.realUrl, r.path),
      ]);
      const origin = { operation: r.operationId, group: r.group, release };
      const found = differences(m, realAnswer);
      tally.add(r, found, (field) => listedFor(listed, origin, field) !== undefined);
      const sameAsMock = found.every((d) => d.field.startsWith('(header ') || d.field.startsWith('(304 '));
      recorded[i] = { ...r, real: realAnswer, sameAsMock };
      if (++done % 1000 === 0) o.log(`  ${done}/${requests.length}`);
    });
    const about = [
      `World: ${describeWorld(o.world)}. Real service: ${serverVersion} at ${o.realUrl}; the mock answered as release ${release}.`,
      `Reasons come from [fixtures/golden/differences.yaml](../fixtures/golden/differences.yaml); how to rerun: [docs/differential.md](../docs/differential.md).`,
    ];
    const report = markdownReport(`${release} ${o.name}`, tally, listed, release, about);
    mkdirSync(o.reportDir, { recursive: true });
    writeFileSync(`${o.reportDir}/differential-${release}-${o.name}.md`, report);
    if (o.golden) {
      writeGolden(goldenFileOf(release, o.name), {
        release,
        recorded: `${serverVersion}, ${new Date().toISOString().slice(0, 10)}`,
        world: o.world,
        answers: goldenSample(recorded),
      });
    }
    return { release, answers: tally.answers, equal: tally.equal, report };
  } finally {
    await mock.close();
  }
}

function describeWorld(w: GoldenWorld): string {
  const parts = [`seed ${w.seed ?? 1}`, w.network ?? 'mainnet', `${w.blocks ?? 600} blocks`];
  if (w.world) parts.push(`world file ${w.world}`);
  if (w.deprecated) parts.push(`deprecated operations ${w.deprecated}`);
  return parts.join(', ');
}
