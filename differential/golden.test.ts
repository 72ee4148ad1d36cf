import { afterAll, describe, expect, it } from 'vitest';
import { urlFor } from '../spec/load.ts';
import { RELEASES } from '../spec/releases/releases.ts';
import { checkGolden, goldenMismatches, goldenWorldKey, GoldenMocks } from './golden-check.ts';
import { goldenFiles, GOLDEN_DIR, readGolden, type GoldenFile } from './golden.ts';
import { readListed } from './listed.ts';

const files = goldenFiles();
const listed = readListed();
/**
 * The files whose request set is checked too: one world per release is enough to catch a changed
 * declaration or walk (building a world's 11,000-14,000 requests costs about 0.1 s of CPU).
 */
const REQUEST_SETS = new Set(RELEASES.map((r) => `${r.version}/default-mainnet.json`));
const WORLDS = ['default-mainnet', 'default-testnet', 'wallet', 'token-launch', 'stacking', 'own-contract'];

/** The file whose mock the tests that alter its answers ask too: building its world is most of a check. */
const SHARED = '9.0.2/default-mainnet.json';

describe("golden answers: the real service's answers to our chain, per release, recorded by `make differential`", () => {
  // Every release declared: a new one's declaration asks for its golden answers.
  it.each(RELEASES.map((r) => r.version))(
    'has one file per world the differential ran on against %s',
    (release) => {
      expect(files).toEqual(expect.arrayContaining(WORLDS.map((w) => `${release}/${w}.json`)));
    },
  );

  // The files of one world (both releases, the sunset) are checked one after the other, on mocks
  // sharing the world (GoldenMocks); SHARED's world last, as the three tests after the files' checks
  // alter one answer each of SHARED and ask the mock its check ran on.
  const goldens = new Map(files.map((file) => [file, readGolden(new URL(file, GOLDEN_DIR))]));
  const golden = goldens.get(SHARED) as GoldenFile;
  const mocks = new GoldenMocks();
  const mockUrl = async (): Promise<string> => (await mocks.mockFor(golden)).url;
  afterAll(() => mocks.close());
  const worldOf = (file: string): string => goldenWorldKey(goldens.get(file) as GoldenFile);
  const last = worldOf(SHARED);
  const byWorld = [...files].sort(
    (a, b) =>
      Number(worldOf(a) === last) - Number(worldOf(b) === last) || worldOf(a).localeCompare(worldOf(b)),
  );

  it.each(byWorld)(
    '%s: the mock, as that release, still gives every recorded answer but for the listed differences',
    async (file) => {
      const golden = goldens.get(file) as GoldenFile;
      expect(file.startsWith(`${golden.release}/`)).toBe(true);
      expect(golden.answers.length).toBeGreaterThan(50);
      const requestSet = REQUEST_SETS.has(file);
      expect(await checkGolden(golden, listed, { requestSet, mock: await mocks.mockFor(golden) })).toEqual({
        mismatches: [],
        unbuilt: [],
      });
    },
    // The first file of a world builds it and starts its Clarity engine, then asks it hundreds of
    // requests: seconds on 2 quiet cores, past the unit project's 30 s when the machine is shared.
    90_000,
  );

  it('fails when one field of one recorded answer changes', async () => {
    // The answer kept whole (the others equal to the mock's keep a digest of their body).
    const at = golden.answers.findIndex(
      (a) => a.operationId === 'get_account_balance' && a.real.status === 200 && a.real.body !== undefined,
    );
    const changed: GoldenFile = structuredClone(golden);
    const answer = changed.answers[at] as GoldenFile['answers'][number];
    const body = answer.real.body as { stx: { balance: string } };
    body.stx.balance = String(BigInt(body.stx.balance) + 1n);
    changed.answers = [answer];
    expect(await goldenMismatches(await mockUrl(), changed, listed)).toEqual([
      {
        path: answer.path,
        field: 'stx.balance',
        mock: String(BigInt(body.stx.balance) - 1n),
        real: body.stx.balance,
      },
    ]);
  });

  it('fails when the body of an answer recorded as its digest differs', async () => {
    const answer = structuredClone(
      golden.answers.find((a) => a.operationId === 'get_block' && a.real.bodyDigest !== undefined),
    ) as GoldenFile['answers'][number];
    const digest = answer.real.bodyDigest as string;
    answer.real.bodyDigest = `${digest.slice(0, -1)}${digest.endsWith('0') ? '1' : '0'}`;
    expect(await goldenMismatches(await mockUrl(), { ...golden, answers: [answer] }, listed)).toEqual([
      { path: answer.path, field: '(body digest)', mock: digest, real: answer.real.bodyDigest },
    ]);
  });

  it('fails when a recorded header differs: the deprecation Warning of a release', async () => {
    const answer = structuredClone(
      golden.answers.find((a) => a.operationId === 'get_account_balance' && a.real.headers?.warning),
    ) as GoldenFile['answers'][number];
    const headers = answer.real.headers as NonNullable<typeof answer.real.headers>;
    const warning = headers.warning;
    delete headers.warning;
    expect(await goldenMismatches(await mockUrl(), { ...golden, answers: [answer] }, listed)).toEqual([
      { path: answer.path, field: '(header warning)', mock: warning, real: undefined },
    ]);
  });

  it('fails when the differential no longer builds a recorded request', async () => {
    const path = urlFor('get_block', { path: { height_or_hash: 30 } });
    const recorded = (group: string): GoldenFile['answers'][number] => ({
      operationId: 'get_block',
      group,
      path,
      real: { status: 200, body: {} },
    });
    // A short world: the request set is all this test needs of it.
    const golden: GoldenFile = {
      release: '8.11.6',
      recorded: 'this test',
      world: { blocks: 60 },
      answers: [recorded('block by height'), recorded('block by hash')],
    };
    // The same request filed under another group: the differential builds it under its own only.
    expect((await checkGolden(golden, listed, { requestSet: true })).unbuilt).toEqual([
      `get_block (block by hash) ${path}`,
    ]);
  });
});
