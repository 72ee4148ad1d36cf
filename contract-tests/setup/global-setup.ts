import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig, type RunConfig } from '../config.ts';
import { EXCHANGE_LOG } from '../report/records.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    contractConfig: RunConfig;
  }
}

/**
 * Once per run, before any test file: the run's configuration read from the environment here,
 * in the main process (vitest overwrites BASE_URL with Vite's own in the test workers), a fresh
 * exchange log, and for the Prism target a Prism mock of the spec on a free port, stopped when
 * the run ends.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const config = readConfig();
  rmSync(join(config.reportDir, EXCHANGE_LOG), { force: true });
  if (config.kind !== 'prism') {
    project.provide('contractConfig', config);
    return undefined;
  }
  const { startPrism } = await import('../../spec/prism/start-prism.ts');
  const prism = await startPrism();
  project.provide('contractConfig', { ...config, baseUrl: prism.baseUrl });
  return () => prism.stop();
}
