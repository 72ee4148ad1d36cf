// Run from the sources (`make mock`, the tests, the benches), the engine's thread starts from its
// file bundled by esbuild as the package's build bundles it (scripts/bundle.ts), kept in the
// repository's node_modules/.cache: through tsx's hooks, each of the worker's modules (stacks.js
// is about a hundred) was resolved and loaded by a round trip to the hooks' own thread, and the
// thread's start to its package's import took about 0.3 s more CPU (0.9 s where the bundle took
// 0.6, measured back to back at load 18). The bundle is made again when one of its input files
// changed; whatever fails leaves the caller to tsx.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./engine-worker.ts', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'stacks-api-mock', 'engine-worker');
const BUNDLE = join(CACHE, 'engine-worker.mjs');
/** The bundle's first line: the digest of every file it was made from, each named. */
const HEADER = '// inputs ';
/**
 * CommonJS dependencies call require(), which an ES module lacks (as scripts/bundle.ts). The
 * module's URL spelled apart: the package's build rewrites each one written in the sources.
 */
const META_URL = ['import', 'meta', 'url'].join('.');
const ESM_REQUIRE = `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(${META_URL});`;

let made: Promise<URL | undefined> | undefined;

/** The worker's bundle, made on first use when none is kept or one of its inputs changed; undefined when it cannot be made. */
export function bundledWorker(): Promise<URL | undefined> {
  made ??= current() ? Promise.resolve(pathToFileURL(BUNDLE)) : bundle();
  return made;
}

function digestOf(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Whether the kept bundle was made from the files as they are now. */
function current(): boolean {
  try {
    if (!existsSync(BUNDLE)) return false;
    const text = readFileSync(BUNDLE, 'utf8');
    const first = text.slice(0, text.indexOf('\n'));
    if (!first.startsWith(HEADER)) return false;
    const inputs = JSON.parse(first.slice(HEADER.length)) as Record<string, string>;
    return Object.entries(inputs).every(([path, digest]) => digestOf(join(ROOT, path)) === digest);
  } catch {
    return false;
  }
}

async function bundle(): Promise<URL | undefined> {
  const aside = `${BUNDLE}.${process.pid}.${Date.now()}.aside`;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [ENTRY],
      bundle: true,
      platform: 'node',
      target: 'node20',
      mainFields: ['module', 'main'],
      // The engine is the user's (GPL-3.0), imported by a name esbuild does not follow; listed
      // as scripts/bundle.ts lists it.
      external: ['@stacks/clarinet-sdk', '@stacks/clarinet-sdk-wasm'],
      format: 'esm',
      banner: { js: ESM_REQUIRE },
      logLevel: 'silent',
      metafile: true,
      write: false,
    });
    const code = result.outputFiles[0]?.text;
    if (code === undefined) return undefined;
    const inputs = Object.fromEntries(
      Object.keys(result.metafile.inputs).map((path) => [path, digestOf(join(ROOT, path))]),
    );
    await mkdir(CACHE, { recursive: true });
    await writeFile(aside, `${HEADER}${JSON.stringify(inputs)}\n${code}`);
    await rename(aside, BUNDLE);
    return pathToFileURL(BUNDLE);
  } catch {
    await rm(aside, { force: true }).catch(() => undefined);
    return undefined;
  }
}
