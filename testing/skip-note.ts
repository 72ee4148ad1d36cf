import { it } from 'vitest';

/**
 * Where `reason` says why a file's tests cannot run on this machine (no browser, a document that
 * lives beside the clone and not in it), one test that skips with the reason as its note: vitest
 * counts it with the skipped, and testing/skip-reporter.ts names it in the run's summary. Returns
 * whether the file's tests skip, for `describe.skipIf`.
 */
export function skipBecause(reason: string | undefined): boolean {
  if (reason !== undefined) it(`cannot run here: ${reason}`, (ctx) => ctx.skip(reason));
  return reason !== undefined;
}

/**
 * Why a check that reads `file` of the shared folder beside the clone (`../shared`, which a plain
 * clone does not have) cannot run; undefined when the file is there.
 */
export function sharedFileMissing(what: string, file: string, present: boolean): string | undefined {
  if (present) return undefined;
  return `${what}: needs ${file}, from the shared folder beside the clone (../shared), which is not there`;
}
