import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ConfigError, readConfig, type RunConfig } from '../config.ts';
import { EXCHANGE_LOG } from '../report/records.ts';
import { preflight, PreflightError } from './preflight.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    contractConfig: RunConfig;
  }
}

/** A configuration the run cannot start with: its one line, alone, and no test runs. */
function stop(err: unknown): never {
  if (!(err instanceof ConfigError || err instanceof PreflightError)) throw err;
  process.stderr.write(`\ncontract suite: ${err.message}\n\n`);
  process.exit(2);
}

/**
 * Once per run, before any test file: the run's configuration read from the environment here,
 * in the main process (vitest overwrites BASE_URL with Vite's own in the test workers), the
 * preflight against a server (reachable, its world, a target file that disagrees with it), a
 * fresh exchange log, and for the Prism target a Prism mock of the spec on a free port, stopped
 * when the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  let config: RunConfig;
  try {
    config = await preflight(readConfig());
  } catch (err) {
    stop(err);
  }
  for (const notice of config.notices) process.stdout.write(`contract suite: note: ${notice}\n`);
  rmSync(join(config.runDir, EXCHANGE_LOG), { force: true });
  if (config.kind !== 'prism') {
    project.provide('contractConfig', config);
    return undefined;
  }
  const { startPrism } = await import('../../spec/prism/start-prism.ts');
  const prism = await startPrism();
  project.provide('contractConfig', { ...config, baseUrl: prism.baseUrl });
  return () => prism.stop();
}
