import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** A module that reads a class's name at run time (`this.name = this.constructor.name`). */
const READS_CLASS_NAMES = /\bconstructor\.name\b/;
const CLASS = /^\s*(?:export\s+)?class\s+([A-Za-z_$][\w$]*)/gm;

/**
 * The CLI's bundle is minified without esbuild's keepNames, which gave every function and class
 * its name back at start, 3,000 Object.defineProperty calls that also left each function's
 * properties in dictionary mode: 8 ms of a start's CPU and 800 KB of its allocations. Nothing on
 * the mock's own paths reads a function's name; the one module in its dependencies that reads
 * its classes' names (@stacks/transactions' errors, which name themselves after their class, as
 * a 500's log line prints) gets each of its classes' names back here, when it is evaluated.
 */
export function keptClassNames(): Plugin {
  return {
    name: 'kept-class-names',
    setup(b) {
      b.onLoad({ filter: /\.m?js$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        if (!READS_CLASS_NAMES.test(source)) return undefined;
        const names = [...source.matchAll(CLASS)].map((m) => m[1] as string);
        const kept = names.map(
          (name) =>
            `Object.defineProperty(${name}, 'name', { value: ${JSON.stringify(name)}, configurable: true });`,
        );
        return { contents: [source, ...kept].join('\n'), loader: 'js' };
      });
    },
  };
}
