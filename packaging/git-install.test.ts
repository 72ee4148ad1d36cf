import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyProject,
  footprint,
  listeningUrl,
  npmInstall,
  runIn,
  snapshotRepository,
  stop,
  type StartedCommand,
} from './install-package.ts';

let repo: string;
let app: string;
const running: StartedCommand[] = [];

// npm clones the repository, installs its devDependencies in the clone, runs its `prepare` (the
// build) and installs the package that clone packs: a minute or more.
beforeAll(() => {
  repo = snapshotRepository();
  app = emptyProject();
  npmInstall(app, `git+file://${repo}`);
}, 600_000);

afterAll(async () => {
  await Promise.all(running.map(stop));
  for (const dir of [repo, app]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the mock’s package, installed from a git URL (git+file:// of a clone of this tree)', () => {
  it('gives a stacks-api-mock bin that answers, and only the mock’s packages', async () => {
    const started = runIn(app, 'npx', ['stacks-api-mock', '--port', '0', '--quiet']);
    running.push(started);
    const url = await listeningUrl(started);
    const res = await fetch(`${url}/extended`);
    expect(res.status).toBe(200);
    const installed = footprint(app);
    expect(installed.packages).toContain('stacks-api-mock');
    expect(installed.packages).not.toContain('vitest');
    expect(installed.packages.length).toBeLessThanOrEqual(60);
  }, 120_000);
});
