// Run from the sources, a Node entry (the engine's thread, the mock's command line) can start from
// one file bundled by esbuild as the package's build bundles it (scripts/bundle.ts), kept in the
// repository's node_modules/.cache: through tsx's hooks, each of its modules is resolved and
// loaded by a round trip to the hooks' own thread, hundreds of them for the command line. The
// bundle is made again when one of its input files changed; whatever fails leaves the caller to tsx.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/** The module's URL spelled apart: the bundle's own plugin and the package's build rewrite each one written in the sources. */
const META_URL = ['import', 'meta', 'url'].join('.');
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The bundle's first line: the digest of every file it was made from, each named. */
const HEADER = '// inputs ';
/** CommonJS dependencies call require(), which an ES module lacks (as scripts/bundle.ts). */
const ESM_REQUIRE = `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(${META_URL});`;
/** This file: how a bundle is made is one of its inputs, so a bundle made otherwise is made again. */
const MAKER = relative(ROOT, fileURLToPath(import.meta.url))
  .split(sep)
  .join('/');

export interface SourceEntry {
  /** The entry's path from the repository's root. */
  entry: string;
  /** Packages left to node_modules, each as scripts/bundle.ts leaves it. */
  external: string[];
}

/**
 * The bundle of `entry`, kept in node_modules/.cache/stacks-api-mock/<its name>/<its name>.mjs and
 * made on a call when none is kept or one of its inputs changed, at most once per process;
 * undefined when it cannot be made. Two processes making it at once each write their own file
 * aside and rename it into place.
 */
export function keptBundle(source: SourceEntry): () => Promise<URL | undefined> {
  const name = basename(source.entry, '.ts');
  const file = join(ROOT, 'node_modules', '.cache', 'stacks-api-mock', name, `${name}.mjs`);
  let made: Promise<URL | undefined> | undefined;
  return () => {
    made ??= current(file) ? Promise.resolve(pathToFileURL(file)) : bundle(source, file);
    return made;
  };
}

/** The inputs a kept bundle names in its first line, by their path from the root; undefined without one. */
export function inputsOf(file: string): Record<string, string> | undefined {
  const text = readFileSync(file, 'utf8');
  const first = text.slice(0, text.indexOf('\n'));
  if (!first.startsWith(HEADER)) return undefined;
  return JSON.parse(first.slice(HEADER.length)) as Record<string, string>;
}

/** The inputs (paths from the repository's root) whose file is no longer what the bundle was made from. */
export function changedInputs(inputs: Record<string, string>): string[] {
  return Object.entries(inputs)
    .filter(([path, digest]) => digestOf(path) !== digest)
    .map(([path]) => path);
}

function digestOf(path: string): string {
  return createHash('sha256')
    .update(readFileSync(join(ROOT, path)))
    .digest('hex');
}

/** Whether the kept bundle was made from the files as they are now. */
function current(file: string): boolean {
  try {
    if (!existsSync(file)) return false;
    const inputs = inputsOf(file);
    return inputs !== undefined && MAKER in inputs && changedInputs(inputs).length === 0;
  } catch {
    return false;
  }
}

async function bundle(source: SourceEntry, file: string): Promise<URL | undefined> {
  const aside = `${file}.${process.pid}.${Date.now()}.aside`;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [source.entry],
      bundle: true,
      platform: 'node',
      target: 'node20',
      mainFields: ['module', 'main'],
      external: source.external,
      format: 'esm',
      // As tsx compiles each module: a function or class renamed in the bundle's one scope keeps
      // its name (stack traces, error names).
      keepNames: true,
      banner: { js: ESM_REQUIRE },
      plugins: [ownFileUrls()],
      logLevel: 'silent',
      metafile: true,
      write: false,
    });
    const code = result.outputFiles[0]?.text;
    if (code === undefined) return undefined;
    const inputs = Object.fromEntries(
      [...Object.keys(result.metafile.inputs), MAKER].map((path) => [path, digestOf(path)]),
    );
    await mkdir(dirname(file), { recursive: true });
    await writeFile(aside, `${HEADER}${JSON.stringify(inputs)}\n${code}`);
    await rename(aside, file);
    return pathToFileURL(file);
  } catch {
    await rm(aside, { force: true }).catch(() => undefined);
    return undefined;
  }
}

/**
 * Each of the project's modules keeps its own URL: the sources find files beside themselves
 * (`new URL('./openapi.yaml', …)`: the spec, the page's files, the engine's thread), and in one
 * bundle every module's would be the bundle's, in node_modules/.cache. Each finds them in the
 * repository, as it does through tsx.
 */
function ownFileUrls(): Plugin {
  return moduleUrls(ROOT, (path) => JSON.stringify(pathToFileURL(path).href));
}

/**
 * An esbuild plugin that gives each of the project's own modules under `root` (none of
 * node_modules) its own `import.meta.url`: the expression `urlOf` writes for its path. Here the
 * source file's own URL; in the package's build (scripts/bundle.ts), where tsc's output of it sits.
 */
export function moduleUrls(root: string, urlOf: (path: string) => string): Plugin {
  return {
    name: 'module-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const source = relative(root, path);
        if (source.startsWith('..') || source.split(sep).includes('node_modules')) return undefined;
        const contents = (await readFile(path, 'utf8')).replaceAll(META_URL, urlOf(path));
        return { contents, loader: 'ts' };
      });
    },
  };
}
