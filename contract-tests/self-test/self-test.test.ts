import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMockApp } from '../../mocks/app.ts';
import { ROOT } from '../config.ts';
import type { TargetFile } from '../targets/target-file.ts';
import { REAL_SERVICE } from './real-service-variant.ts';
import { CHILD_MARK, SELF_TEST_EXPLORE, suitePool, type SuitePool, type SuiteRun } from './run-suite.ts';
import { serveVariant, type RunningVariant, type Variant } from './variant-server.ts';
import { VARIANTS } from './variants.ts';

/**
 * SELF_TEST_ONLY=<pattern>: only the variants whose names match it, with the control they are
 * compared with (for work on a few variants; the real-service runs are left out too).
 */
const ONLY = process.env.SELF_TEST_ONLY ? new RegExp(process.env.SELF_TEST_ONLY) : undefined;
function chosen(variant: Variant): boolean {
  return ONLY === undefined || ONLY.test(variant.name);
}

/**
 * Children at once, each taking the next run as it ends its last: no more than the machine has
 * cores, as each run keeps a core busy.
 */
const LANES = Math.max(1, Math.min(cpus().length, 3));

/**
 * The test files holding the tests that must catch `variant`, as the control's run names them: a
 * variant's run needs no other file to prove its catching test fails. None found: every file, so
 * the variant's test says which name matched nothing.
 */
function catchingFiles(variant: Variant, control: SuiteRun): { files?: string[] } {
  const names = control.tests
    .filter((t) => variant.caughtBy.some((re) => re.test(t.name)))
    .map((t) => t.name);
  return filesOf(control, names);
}

/** The test files of `run` that hold the tests named; every file when none is found. */
function filesOf(run: SuiteRun, names: readonly string[]): { files?: string[] } {
  const files = run.tests.filter((t) => names.includes(t.name)).map((t) => t.file);
  return files.length > 0 ? { files: [...new Set(files)] } : {};
}

function excerpt(run: SuiteRun): string {
  const failures = run.failed.map(
    (t) =>
      `  ✗ ${t.name}\n${t.message
        .split('\n')
        .slice(0, 6)
        .map((l) => `      ${l}`)
        .join('\n')}`,
  );
  return [...run.errors.map((e) => `  error: ${e}`), ...failures].join('\n') || '  (no test failed)';
}

// The suite's child runs carry CHILD_MARK; were this file ever collected there, it must not recurse.
describe.skipIf(process.env[CHILD_MARK] === '1')('the contract suite catches broken mocks', () => {
  const servers: RunningVariant[] = [];
  const runs = new Map<string, Promise<SuiteRun>>();
  let pool: SuitePool | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-targets-'));
  const readTarget = (name: string): TargetFile =>
    JSON.parse(readFileSync(join(ROOT, 'fixtures/targets', name), 'utf8')) as TargetFile;
  const staging = readTarget('mainnet-staging.example.json');
  /** The mock's default world with the real service's known deviations, as a staging target lists them. */
  const withDeviations = join(dir, 'mock-default-with-real-deviations.json');

  beforeAll(async () => {
    const mock = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
    // The Clarity engine starts on the first request that needs it, and its contract routes wait
    // for it: warmed now, before the runs, a busy machine's replay of the world does not run into
    // the suite's per-request timeout.
    await mock.live.queries.clarity.ready();
    writeFileSync(
      withDeviations,
      JSON.stringify({
        ...readTarget('mock-default.json'),
        $schema: undefined,
        name: 'mock-default-with-real-deviations',
        knownDeviations: staging.knownDeviations,
      }),
    );
    for (const variant of VARIANTS) servers.push(await serveVariant(mock, variant));
    const real = await serveVariant(mock, REAL_SERVICE);
    servers.push(real);
    const [faithful, ...broken] = VARIANTS.map((variant, i) => ({
      variant,
      server: servers[i] as RunningVariant,
    }));
    if (!faithful) throw new Error('VARIANTS must start with the faithful mock');
    // The control and the real-service runs first, so no test waits on a queue longer than its
    // timeout; each child then takes the next run as it ends its last.
    const lanes = suitePool(LANES);
    pool = lanes;
    const control = lanes.run({
      baseUrl: faithful.server.url,
      explore: faithful.variant.explore ?? SELF_TEST_EXPLORE,
    });
    runs.set(faithful.variant.name, control);
    if (ONLY === undefined) {
      const listed = lanes.run({ baseUrl: real.url, target: withDeviations });
      runs.set('real-listed', listed);
      // Without the list, only the files of the tests that met a deviation: a test that met none
      // sends the same requests to the same answers either way, so it passes as it did listed.
      runs.set(
        'real-unlisted',
        listed.then((run) => lanes.run({ baseUrl: real.url, ...filesOf(run, run.knownTests) })),
      );
    }
    // A variant runs only the files of the tests that must catch it, as the control's run names
    // them; queued in file order, so the first tests' runs end first.
    const chosenBroken = broken.filter((b) => chosen(b.variant));
    const byVariant = control.then(
      (c) =>
        new Map(
          chosenBroken.map(({ variant, server }) => [
            variant.name,
            lanes.run({
              baseUrl: server.url,
              explore: variant.explore ?? SELF_TEST_EXPLORE,
              ...(variant.blockTime ? { blockTime: variant.blockTime } : {}),
              ...catchingFiles(variant, c),
            }),
          ]),
        ),
    );
    for (const { variant } of chosenBroken)
      runs.set(
        variant.name,
        byVariant.then((started) => started.get(variant.name) as Promise<SuiteRun>),
      );
    // Queued last, so it runs in a kept worker (kept-worker.ts) that has run broken variants.
    runs.set(
      'faithful-again',
      byVariant.then(() =>
        lanes.run({ baseUrl: faithful.server.url, explore: faithful.variant.explore ?? SELF_TEST_EXPLORE }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all([...runs.values()]);
    // The children's own end awaited too: none outlives this file.
    await pool?.close();
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const faithful = (): Promise<SuiteRun> => runs.get('faithful') as Promise<SuiteRun>;

  test('the unbroken mock, over HTTP, passes every test', async () => {
    const run = await faithful();
    expect(run.errors, excerpt(run)).toEqual([]);
    expect(run.tests.length, 'tests run').toBeGreaterThan(100);
    expect(
      run.failed.map((t) => t.name),
      excerpt(run),
    ).toEqual([]);
  });

  test('the unbroken mock, run again last in a worker that ran broken ones, passes the same tests: no run leaves state to the next', async () => {
    const [first, again] = await Promise.all([faithful(), runs.get('faithful-again') as Promise<SuiteRun>]);
    expect(again.errors, excerpt(again)).toEqual([]);
    const outcome = (run: SuiteRun): string[] => run.tests.map((t) => `${t.status} ${t.name}`).sort();
    expect(outcome(again)).toEqual(outcome(first));
  });

  test.skipIf(ONLY !== undefined)(
    'the real service\u2019s known deviations, listed as the staging example lists them, fail nothing; the summary names each as seen',
    async () => {
      const run = (await runs.get('real-listed')) as SuiteRun;
      expect(run.errors, excerpt(run)).toEqual([]);
      expect(
        run.failed.map((t) => t.name),
        excerpt(run),
      ).toEqual([]);
      for (const d of staging.knownDeviations ?? [])
        expect(run.summary, `deviation ${d.id} seen in the summary`).toMatch(
          new RegExp(`^- ${d.id} \\(\\d+×`, 'm'),
        );
      expect(run.summary).not.toContain('listed but not seen');
    },
  );

  test.skipIf(ONLY !== undefined)(
    'without them listed, the same target fails exactly the tests that met one',
    async () => {
      const [listed, unlisted] = await Promise.all([
        runs.get('real-listed') as Promise<SuiteRun>,
        runs.get('real-unlisted') as Promise<SuiteRun>,
      ]);
      expect(unlisted.errors, excerpt(unlisted)).toEqual([]);
      expect(listed.knownTests.length).toBeGreaterThan(0);
      expect(unlisted.failed.map((t) => t.name).sort(), excerpt(unlisted)).toEqual(
        [...listed.knownTests].sort(),
      );
    },
  );

  for (const variant of VARIANTS.filter((v) => v.caughtBy.length > 0)) {
    test.skipIf(!chosen(variant))(
      `${variant.name}: ${variant.breaks}: caught by the right test`,
      async () => {
        const [run, control] = await Promise.all([runs.get(variant.name) as Promise<SuiteRun>, faithful()]);
        expect(run.errors, excerpt(run)).toEqual([]);
        const catchers = run.tests.filter((t) => variant.caughtBy.some((re) => re.test(t.name)));
        expect(
          catchers.map((t) => t.name),
          `no test is named like ${variant.caughtBy.join(' or ')}`,
        ).not.toEqual([]);
        const caught = catchers.filter((t) => t.status === 'failed');
        expect(
          caught.map((t) => t.name),
          `expected ${variant.caughtBy.join(' or ')} to fail; failed instead:\n${excerpt(run)}`,
        ).not.toEqual([]);
        if (variant.failureMentions)
          expect(caught.map((t) => t.message).join('\n')).toMatch(variant.failureMentions);
        // The catching test passes on the unbroken mock, so it failed for this breakage.
        const controlFailures = control.tests.filter(
          (t) => caught.some((c) => c.name === t.name) && t.status === 'failed',
        );
        expect(
          controlFailures.map((t) => t.name),
          'these fail on the unbroken mock too',
        ).toEqual([]);
      },
    );
  }
});
