import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { listOperations } from '../spec/load.ts';
import { bodyDigestOf, type Answer } from './compare.ts';
import type { DiffRequest } from './starting-requests.ts';

/** The world a golden file was recorded on: the mock's flags. */
export interface GoldenWorld {
  seed?: number;
  network?: 'mainnet' | 'testnet';
  blocks?: number;
  /** A world file, relative to the repository root. */
  world?: string;
  /** The mock's `--deprecated` (`gone`: the sunset, against a real service whose deprecated endpoints are disabled). */
  deprecated?: string;
}

/** One request and what the real service answered to it (mempool ids read back as the mock's). */
export interface GoldenAnswer extends DiffRequest {
  real: Answer;
}

export interface GoldenFile {
  /** The release of the real service that answered (`9.0.2`); the mock answers as it in the check. */
  release: string;
  /** Where the answers came from: the real service's version and when. */
  recorded: string;
  world: GoldenWorld;
  answers: GoldenAnswer[];
}

/** Golden answers live in one directory per release: `fixtures/golden/<release>/<world>.json`. */
export const GOLDEN_DIR = new URL('../fixtures/golden/', import.meta.url);

/** The golden file of a world's answers from a release. */
export function goldenFileOf(release: string, name: string): URL {
  return new URL(`${release}/${name}.json`, GOLDEN_DIR);
}

/** Every golden file, as `<release>/<world>.json`, sorted. */
export function goldenFiles(): string[] {
  if (!existsSync(GOLDEN_DIR)) return [];
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(new URL(`${d.name}/`, GOLDEN_DIR))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

/** At most this many answers per operation and group go into a golden file, unless its `x-golden-sample` says fewer. */
const KEEP_DEFAULT = 8;

/** A real answer recorded, and whether its status and body equaled the mock's. */
export interface RecordedAnswer extends GoldenAnswer {
  sameAsMock: boolean;
}

/**
 * The answers worth keeping: a few per operation and group, spread evenly over the run (so the
 * first, middle and last blocks, pages and transactions are each represented), every bad input.
 * Of each group the smallest answer is kept whole, to read; the others that equaled the mock's
 * keep their body as its digest, which the check compares as well (the files stay small).
 */
export function goldenSample(answers: readonly RecordedAnswer[]): GoldenAnswer[] {
  const groups = new Map<string, RecordedAnswer[]>();
  for (const a of answers) {
    // A connection that failed is no answer to keep.
    if (a.real.status === 0) continue;
    const key = `${a.operationId} ${a.group}`;
    const list = groups.get(key) ?? [];
    list.push(a);
    groups.set(key, list);
  }
  const sampled = new Map(listOperations().map((op) => [op.operationId, op.goldenSample ?? KEEP_DEFAULT]));
  const kept: GoldenAnswer[] = [];
  for (const list of groups.values()) {
    const keep =
      list[0]?.group === 'bad input'
        ? list.length
        : (sampled.get(list[0]?.operationId ?? '') ?? KEEP_DEFAULT);
    const sample: RecordedAnswer[] = [];
    if (list.length <= keep) sample.push(...list);
    else if (keep === 1) sample.push(list[Math.floor(list.length / 2)] as RecordedAnswer);
    else
      for (let i = 0; i < keep; i++)
        sample.push(list[Math.floor((i * (list.length - 1)) / (keep - 1))] as RecordedAnswer);
    const whole = smallest(sample);
    kept.push(...sample.map((a) => (a === whole ? recordOf(a) : digested(a))));
  }
  return kept;
}

function smallest(sample: readonly RecordedAnswer[]): RecordedAnswer | undefined {
  let best: RecordedAnswer | undefined;
  let size = Infinity;
  for (const a of sample) {
    const n = JSON.stringify(a.real.body ?? null).length;
    if (n < size) [best, size] = [a, n];
  }
  return best;
}

function recordOf({ sameAsMock: _, ...answer }: RecordedAnswer): GoldenAnswer {
  return answer;
}

/** An answer equal to the mock's, its JSON body as a digest; any other as it came. */
function digested(a: RecordedAnswer): GoldenAnswer {
  const { body, ...rest } = a.real;
  if (!a.sameAsMock || body === null || typeof body !== 'object') return recordOf(a);
  return { ...recordOf(a), real: { ...rest, body: undefined, bodyDigest: bodyDigestOf(body) } };
}

/** One answer a line: the file stays small and a re-recording's diff names the answers that changed. */
export function writeGolden(file: URL, golden: GoldenFile): void {
  mkdirSync(dirname(file.pathname), { recursive: true });
  const { answers, ...about } = golden;
  const head = JSON.stringify(about).slice(0, -1);
  writeFileSync(file, `${head},"answers":[\n${answers.map((a) => JSON.stringify(a)).join(',\n')}\n]}\n`);
}

export function readGolden(file: URL): GoldenFile {
  return JSON.parse(readFileSync(file, 'utf8')) as GoldenFile;
}
