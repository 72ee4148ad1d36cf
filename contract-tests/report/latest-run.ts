import { readdirSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** Run directories kept under reports/runs; older ones are removed when a run ends. */
const RUNS_KEPT = 20;

/**
 * Points `<reportDir>/latest` at the run that just ended, and removes the oldest run directories
 * beyond the last RUNS_KEPT. Only a run whose directory is `<reportDir>/runs/<id>` is linked: a
 * directory given by CONTRACT_RUN_DIR is the caller's own. The link is swapped by a rename, so a
 * reader sees the previous run or this one, never a mix. Returns the link, when made.
 */
export function linkLatest(reportDir: string, runDir: string): string | undefined {
  const runs = join(reportDir, 'runs');
  if (dirname(runDir) !== runs) return undefined;
  const link = join(reportDir, 'latest');
  const temporary = `${link}.${basename(runDir)}`;
  rmSync(temporary, { force: true });
  symlinkSync(relative(reportDir, runDir), temporary);
  renameSync(temporary, link);
  const old = readdirSync(runs)
    .map((name) => ({ name, at: statSync(join(runs, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(RUNS_KEPT);
  for (const { name } of old) rmSync(join(runs, name), { recursive: true, force: true });
  return link;
}
