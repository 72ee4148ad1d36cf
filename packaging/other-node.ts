// Scripts the packaging test runs on another Node (the registry's Node 24), in this repository with
// tsx: what that Node makes of what the package holds.
import { ROOT, runIn, type StartedCommand } from './install-package.ts';

/** A module script run by `node` in this repository, with tsx. */
export function tsxOn(node: string, script: string): StartedCommand {
  return runIn(ROOT, node, ['--import', 'tsx', '--input-type=module', '-e', script]);
}

/** A script for another Node, run in this repository with tsx: the blocks of the snapshot at `path` it restores. */
export function restoreOnNode(path: string): string {
  return [
    "import { readFileSync } from 'node:fs';",
    "const { decodeWorld } = await import('./mocks/world-snapshot.ts');",
    "const { resolveOptions } = await import('./mocks/world/options.ts');",
    `console.log(decodeWorld(readFileSync(${JSON.stringify(path)}), resolveOptions({}))?.chain.blocks.count);`,
  ].join('\n');
}

/** A script for another Node, run in this repository with tsx: `taken` when that Node takes the code cache at `cache`. */
export function takenOnNode(bundle: string, cache: string): string {
  return [
    "import { readFileSync } from 'node:fs';",
    "const { compileBundle } = await import('./bin/code-cache.ts');",
    `const script = compileBundle(${JSON.stringify(bundle)}, readFileSync(${JSON.stringify(cache)}));`,
    "console.log(script.cachedDataRejected ? 'rejected' : 'taken');",
  ].join('\n');
}
