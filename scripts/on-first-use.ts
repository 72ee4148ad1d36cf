import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * A module the CLI's bundle evaluates when one of its members is first read rather than with the
 * modules that import it: `spec` as written in an import (a package, or node's own module), or a
 * project file by its path from the root; with `apart`, the name of a file of its own beside the
 * bundle, which the build bundles it into (scripts/bundle.ts) and which is read on that first use.
 * A package the sources only ever import() is already evaluated on first use: `apart` alone
 * moves it out of the bundle, each import() of it requiring its file.
 */
export type FirstUse = { spec: string; builtin?: true; apart?: string } | { file: string; apart?: string };

/** The file a module kept apart is bundled into, beside the CLI's bundle. */
export function apartFile(apart: string): string {
  return `${apart}.cjs`;
}

const NAMESPACE = 'on-first-use';
/** The plugin's mark on a module that only requires the file a package was kept apart in. */
const REQUIRE_APART = Symbol('require apart');

/**
 * Each deferred module is replaced, for every module that imports it, by one whose members are
 * read from the real module, which `require()` evaluates on the first read: esbuild bundles a
 * module reached so as a lazily evaluated one, and an importer reads an imported member each time
 * it uses it. So nothing changes but when the module runs, which must not matter to it: none of
 * these has effects beyond its own exports. A member read while the importer itself is evaluated
 * (a constant at a module's top) evaluates the module at start, as before. A project file, unlike
 * a package, keeps the tree-shaking of what it imports: the facade that re-exports only what is
 * used of a large package (faker's one locale) defers it whole.
 */
export function onFirstUse(root: string, deferred: FirstUse[]): Plugin {
  const specs = new Map<string, FirstUse>();
  const files = new Map<string, FirstUse>();
  const apart = new Set<string>();
  for (const d of deferred) {
    if ('spec' in d) specs.set(d.spec, d);
    else files.set(resolve(root, d.file), d);
    if (d.apart) apart.add(`./${apartFile(d.apart)}`);
  }
  const loadable = (d: FirstUse): string =>
    'spec' in d ? d.spec : pathToFileURL(resolve(root, d.file)).href;
  return {
    name: NAMESPACE,
    setup(b) {
      b.onResolve({ filter: /.*/ }, ({ path, resolveDir, namespace, kind }) => {
        if (kind === 'entry-point') return undefined;
        // The stand-in's own require() of a module kept apart: the file beside the bundle, at run time.
        if (namespace === NAMESPACE && apart.has(path)) return { path, external: true };
        const d = specs.get(path) ?? files.get(resolve(resolveDir || root, path));
        if (!d) return undefined;
        // An import() needs no stand-in, as it evaluates the module when it runs: only a module
        // that requires its file. A script compiled from a code cache has no loader of its own
        // for an import() left to Node (bin/stacks-api-mock.ts), and Node's would read a
        // bundle's CommonJS exports as a default only.
        if (kind === 'dynamic-import' && d.apart)
          return { path: `./${apartFile(d.apart)}`, namespace: NAMESPACE, pluginData: REQUIRE_APART };
        // The stand-in's own require() of the real module: node's module left out, a file bundled.
        if (namespace === NAMESPACE) {
          if ('spec' in d && d.builtin) return { path: d.spec, external: true };
          return 'file' in d ? { path: resolve(root, d.file), namespace: 'file' } : undefined;
        }
        return { path: 'spec' in d ? d.spec : resolve(root, d.file), namespace: NAMESPACE, pluginData: d };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path, pluginData }) => {
        if (pluginData === REQUIRE_APART)
          return {
            contents: `module.exports = require(${JSON.stringify(path)});`,
            loader: 'js',
            resolveDir: root,
          };
        const d = pluginData as FirstUse;
        // Every member the real module has, read where the build runs.
        const members = Object.keys((await import(loadable(d))) as object).filter(
          (name) => name !== 'default',
        );
        const real = d.apart ? `./${apartFile(d.apart)}` : 'spec' in d ? d.spec : resolve(root, d.file);
        // The members are read through the prototype of the stand-in's exports, a proxy, not
        // getters of their own: esbuild gives each importing ES module its own copy of a CommonJS
        // module's own members (`__toESM`), whose prototype is the module's. Copying a getter per
        // member for every importer (@stacks/transactions has 274 members and 25 importers) took
        // about 3% of the CLI's start. A member, once read, is a plain value of the reader's.
        return {
          contents: [
            'let loaded;',
            `const real = () => (loaded ??= require(${JSON.stringify(real)}));`,
            `const members = new Set(${JSON.stringify(members)});`,
            'const read = {',
            '  get(_, name, reader) {',
            '    if (!members.has(name)) return undefined;',
            '    const value = real()[name];',
            '    Object.defineProperty(reader, name, { value, enumerable: true });',
            '    return value;',
            '  },',
            '  has: (_, name) => members.has(name),',
            '};',
            'module.exports = Object.create(new Proxy({}, read));',
          ].join('\n'),
          loader: 'js',
          resolveDir: root,
        };
      });
    },
  };
}
