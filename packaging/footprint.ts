import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What installing a package adds to a project's node_modules: each package's name, and their bytes on disk. */
export interface Footprint {
  packages: string[];
  bytes: number;
}

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The package `name` installed in the project `dir` and every package it needs there, with the
 * size of their files: what installing it alone into an empty project adds, read from an install
 * that put other packages beside it (one `npm install` where two cost seconds of CPU more). It
 * needs its dependencies, its optional ones npm installed for this platform, and its peers but
 * the optional ones (npm installs those only when asked, as the install beside it did), each
 * found as Node finds it from the package that needs it.
 */
export function footprint(dir: string, name: string): Footprint {
  const found = new Map<string, string>();
  const visit = (wanted: string, from: string, required: boolean): void => {
    const path = locate(wanted, from, dir);
    if (!path) {
      if (required) throw new Error(`${wanted}, which ${from} needs, is not installed in ${dir}`);
      return;
    }
    if (found.has(path)) return;
    found.set(path, wanted);
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest;
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, path, true);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, path, false);
    for (const dep of Object.keys(manifest.peerDependencies ?? {}))
      if (!manifest.peerDependenciesMeta?.[dep]?.optional) visit(dep, path, true);
  };
  visit(name, dir, true);
  return {
    packages: [...found.values()],
    bytes: [...found.keys()].reduce((sum, path) => sum + sizeOf(path), 0),
  };
}

/** Where Node finds the package `name` from the folder `from`: its node_modules, then each parent's, up to the project's. */
function locate(name: string, from: string, project: string): string | undefined {
  for (let at = from; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (basename(at) !== 'node_modules' && existsSync(join(candidate, 'package.json'))) return candidate;
    if (at === project || at === dirname(at)) return undefined;
  }
}

/** The bytes of a file, or of a folder's files; a package's own node_modules holds other packages, counted on their own. */
function sizeOf(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}
