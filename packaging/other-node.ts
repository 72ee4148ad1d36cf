// Scripts the packaging test runs on another Node (the registry's Node 24), in this repository with
// tsx: what that Node makes of what the package holds.
import { ROOT, runIn, type StartedCommand } from './install-package.ts';

/**
 * Module scripts run one after another by one `node` in this repository, with tsx: each start of
 * tsx on another Node costs a few tenths of a second of CPU.
 */
export function tsxOn(node: string, ...scripts: string[]): StartedCommand {
  const script = scripts.map((s) => `{\n${s}\n}`).join('\n');
  return runIn(ROOT, node, ['--import', 'tsx', '--input-type=module', '-e', script]);
}

/** A script for another Node, run in this repository with tsx: the blocks of the snapshot at `path` it restores. */
export function restoreOnNode(path: string): string {
  return [
    "const { readFileSync } = await import('node:fs');",
    "const { decodeWorld } = await import('./mocks/world-snapshot.ts');",
    "const { resolveOptions } = await import('./mocks/world/options.ts');",
    `console.log(decodeWorld(readFileSync(${JSON.stringify(path)}), resolveOptions({}))?.chain.blocks.count);`,
  ].join('\n');
}

/** A script for another Node, run in this repository with tsx: `taken` when that Node takes the code cache at `cache`. */
export function takenOnNode(bundle: string, cache: string): string {
  return [
    "const { readFileSync } = await import('node:fs');",
    "const { compileBundle } = await import('./bin/code-cache.ts');",
    `const script = compileBundle(${JSON.stringify(bundle)}, readFileSync(${JSON.stringify(cache)}));`,
    "console.log(script.cachedDataRejected ? 'rejected' : 'taken');",
  ].join('\n');
}
