import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './install-package.ts';

/** What tsc compiles into dist/ (tsconfig.build.json's include): the entries of both packages. */
const BUILD_INCLUDE = (
  JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] }
).include;
const MOCK_FILES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] })
  .files;

/** npm's `files` pattern as a test of a dist/ path: `*` within a name, a folder for all under it. */
function matcher(pattern: string): (path: string) => boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const re = new RegExp(`^${source}(/.*)?$`);
  return (path) => re.test(path);
}
const leftOut = MOCK_FILES.filter((p) => p.startsWith('!')).map((p) => matcher(p.slice(1)));

/** The dist/ path a source compiles to. */
function distOf(source: string): string {
  return `dist/${source.replace(/\.ts$/, '.js')}`;
}
function kept(source: string): boolean {
  return !leftOut.some((out) => out(distOf(source)));
}

/** The relative imports of a source file, static and dynamic, as paths from the root. */
function importsOf(source: string): string[] {
  const text = readFileSync(join(ROOT, source), 'utf8');
  const specs = [...text.matchAll(/(?:from|import\()\s*'(\.\.?\/[^']+\.ts)'/g)].map((m) => m[1] as string);
  return specs
    .map((s) => relative(ROOT, join(ROOT, dirname(source), s)))
    .filter((p) => existsSync(join(ROOT, p)));
}

describe('the mock’s package', () => {
  it('ships no file that imports one its `files` leaves out (the suite’s in-process target is the suite’s)', () => {
    // The include's globs name the suite's test files (under contract-tests/, left out) and bin/.
    const bins = readdirSync(join(ROOT, 'bin')).map((name) => `bin/${name}`);
    const entries = [...BUILD_INCLUDE.filter((p) => !p.includes('*')), ...bins];
    const reached = new Set<string>();
    const broken: string[] = [];
    const visit = (source: string): void => {
      if (reached.has(source)) return;
      reached.add(source);
      for (const imported of importsOf(source)) {
        if (!kept(imported)) broken.push(`${source} imports ${imported}`);
        else visit(imported);
      }
    };
    for (const entry of entries.filter((e) => e.endsWith('.ts') && !e.endsWith('.d.ts') && kept(e)))
      visit(entry);
    expect(reached.size).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
