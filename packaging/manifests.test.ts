import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_PACKAGE, ROOT } from './install-package.ts';

interface Manifest {
  name: string;
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function read(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}
const mock = read(ROOT);
const contract = read(CONTRACT_PACKAGE);

describe('the two packages of this repository', () => {
  it('the mock’s (the root) and the contract suite’s (packages/contract) each have their own bin, at one version', () => {
    expect(mock.name).toBe('stacks-api-mock');
    expect(Object.keys(mock.bin)).toEqual(['stacks-api-mock']);
    expect(contract.name).toBe('stacks-api-contract');
    expect(Object.keys(contract.bin)).toEqual(['stacks-api-contract']);
    expect(contract.version).toBe(mock.version);
  });

  it('the mock runs no test framework; the suite brings its own, at the ranges this repository is tested with', () => {
    for (const tool of ['vitest', 'supertest', 'fast-check', 'jest'])
      expect(Object.keys(mock.dependencies)).not.toContain(tool);
    const tested = { ...mock.devDependencies, ...mock.dependencies };
    for (const [name, range] of Object.entries(contract.dependencies))
      expect(range, `${name} in packages/contract/package.json`).toBe(tested[name]);
    for (const [name, range] of Object.entries(mock.dependencies))
      expect(contract.dependencies[name], `the suite runs the mock in process: ${name}`).toBe(range);
    expect(contract.dependencies.vitest).toBeDefined();
  });

  it('their tarballs, which `npm pack` writes into the clone, are no untracked files to git', () => {
    for (const manifest of [mock, contract]) {
      const tarball = `${manifest.name}-${manifest.version}.tgz`;
      // check-ignore prints the path it ignores, and fails when it ignores none.
      expect(execFileSync('git', ['check-ignore', tarball], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe(
        tarball,
      );
    }
  });
});
