import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMockApp } from '../../mocks/app.ts';
import { CHILD_MARK, runSuite, type SuiteRun } from './run-suite.ts';
import { serveVariant, type RunningVariant } from './variant-server.ts';
import { VARIANTS } from './variants.ts';

/** Children at once: each is a whole vitest run, so no more than the machine has cores. */
const CONCURRENCY = Math.max(1, Math.min(cpus().length, 3));

/** Runs tasks at most `limit` at a time, in the order they were handed in. */
function pooled<T>(limit: number): (task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
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

  beforeAll(async () => {
    const mock = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
    for (const variant of VARIANTS) servers.push(await serveVariant(mock, variant));
    const pool = pooled<SuiteRun>(CONCURRENCY);
    VARIANTS.forEach((variant, i) =>
      runs.set(
        variant.name,
        pool(() => runSuite((servers[i] as RunningVariant).url)),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all([...runs.values()]);
    await Promise.all(servers.map((s) => s.close()));
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

  for (const variant of VARIANTS.filter((v) => v.caughtBy.length > 0)) {
    test(`${variant.name}: ${variant.breaks}: caught by the right test`, async () => {
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
      // The catching test passes on the unbroken mock, so it failed for this breakage.
      const controlFailures = control.tests.filter(
        (t) => caught.some((c) => c.name === t.name) && t.status === 'failed',
      );
      expect(
        controlFailures.map((t) => t.name),
        'these fail on the unbroken mock too',
      ).toEqual([]);
    });
  }
});
