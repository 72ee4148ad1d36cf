import {
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { linkLatest } from './latest-run.ts';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-runs-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('runs that never mix', () => {
  it('gives each run its own directory under reports/runs, stable within one process', () => {
    const a: NodeJS.ProcessEnv = { CONTRACT_REPORT_DIR: '/r' };
    const b: NodeJS.ProcessEnv = { CONTRACT_REPORT_DIR: '/r', CONTRACT_RUN_ID: 'other-run' };
    const first = readConfig(a).runDir;
    expect(first).toMatch(/^\/r\/runs\/\d{8}T\d{6}Z-\d+$/);
    expect(readConfig(a).runDir, 'the reporter reads the same directory as the setup').toBe(first);
    expect(readConfig(b).runDir).toBe('/r/runs/other-run');
    expect(readConfig({ CONTRACT_RUN_DIR: '/tmp/mine' }).runDir).toBe('/tmp/mine');
    expect(() => readConfig({ CONTRACT_RUN_ID: '../escape' })).toThrow(/CONTRACT_RUN_ID/);
  });

  it('points reports/latest at the run that ended last and keeps the last twenty runs', () => {
    const root = scratch();
    const runs = join(root, 'runs');
    for (let i = 0; i < 22; i++) {
      const dir = join(runs, `run-${String(i).padStart(2, '0')}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'contract-coverage.md'), String(i));
      utimesSync(dir, i, i);
    }
    const link = linkLatest(root, join(runs, 'run-21'));
    expect(link).toBe(join(root, 'latest'));
    expect(readlinkSync(join(root, 'latest'))).toBe(join('runs', 'run-21'));
    expect(readdirSync(runs).sort()[0]).toBe('run-02');
    expect(readdirSync(runs)).toHaveLength(20);
    expect(
      linkLatest(root, join(root, 'elsewhere')),
      'a directory of the caller is not linked',
    ).toBeUndefined();
  });
});
