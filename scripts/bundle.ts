import { join, relative, resolve, sep } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { moduleUrls } from '../mocks/clarity/node/kept-bundle.ts';
import { apartFile, onFirstUse, type FirstUse } from './on-first-use.ts';
import { keptClassNames } from './kept-class-names.ts';

/** The package's entry points, each one file in dist/ where tsc put its unbundled twin. */
const ENTRIES = ['bin/stacks-api-contract.ts', 'api/index.ts', 'msw/node.ts'];
/** The Clarity engine's thread (a Worker's entry), its own file beside the module that starts it. */
const ENGINE_WORKER = 'mocks/clarity/node/engine-worker.ts';
/**
 * CommonJS entries, by their file in dist/ (.cjs): the mock's CLI as one file, and the bin that
 * compiles it with its code cache. A CommonJS bin also skips the ES module loader's own start.
 */
const MOCK_BIN = { 'bin/stacks-api-mock': 'bin/stacks-api-mock.ts' };
const MOCK_CLI = { 'bin/mock-cli': 'bin/cli.ts' };
/**
 * The CLI's bundle is written as the function Node's loader would wrap a CommonJS file in, which
 * the bin compiles as read (bin/code-cache.ts): V8 compiles the string it is given, where a
 * wrapper added at start made it first copy the whole bundle into one (about a third of the
 * compile's CPU with the code cache, on Node 24).
 */
const COMMONJS_WRAPPER = {
  open: '(function (exports, require, module, __filename, __dirname) {',
  close: '})',
};
/** A CommonJS file has no import.meta: its URL is the file's own (see `define` below). */
const IMPORT_META_URL = "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;";
/**
 * Left to node_modules: vitest runs the contract suite's test files from dist/ and must be the
 * project's own; msw is the user's (an optional peer of the mock's package), whose handlers must
 * be the ones their `setupServer` knows; esbuild builds the page's script from the sources only
 * (mocks/ui/client-bundle.ts); the Clarity engine is the user's too (GPL-3.0, an optional peer:
 * mocks/clarity/load.ts imports it by a name esbuild does not follow; listed here as well, so no
 * later change to that import can pull it into dist/).
 */
const EXTERNAL = [
  'vitest',
  'vitest/*',
  'msw',
  'msw/*',
  'esbuild',
  '@stacks/clarinet-sdk',
  '@stacks/clarinet-sdk-wasm',
];
const CHUNKS = 'chunks';
/**
 * What the CLI's bundle evaluates on first use (scripts/on-first-use.ts), not at start: faker's
 * locale, @stacks/transactions, c32check and yaml serve only building or changing a world, a world
 * file, a broadcast or the engine, and ajv's compiler (spec/ajv.ts) a schema the build did not
 * precompile, none of which a restored default world's first answer reaches; node:crypto is first
 * used by that answer's ETag (mocks/http/node/body-digest.ts: just after it).
 */
const FIRST_USE: FirstUse[] = [
  { spec: 'node:crypto', builtin: true },
  { spec: 'crypto', builtin: true },
  // Kept apart too: faker's English locale is a fifth of the bundle's text (446 KB), which every
  // start read and made a string of.
  { file: 'mocks/world/generate/faker.ts', apart: 'mock-cli-faker' },
  // Kept apart as well, each with what it imports: the CLI's start reads none of them. The mock
  // passes @stacks/transactions plain values only, so its own copies of @stacks/common and
  // @noble/hashes change nothing; ajv's compiler goes apart with ajv-formats (spec/ajv.ts).
  { spec: '@stacks/transactions', apart: 'mock-cli-transactions' },
  { spec: 'yaml', apart: 'mock-cli-yaml' },
  // The live updates' two servers, imported when a client first asks for one (mocks/live/node/).
  { spec: 'socket.io', apart: 'mock-cli-socket-io' },
  { spec: 'ws', apart: 'mock-cli-ws' },
  { spec: 'c32check' },
  { file: 'spec/ajv.ts', apart: 'mock-cli-ajv' },
];
/** CommonJS dependencies (ajv, yaml) call require(), which an ES module lacks. */
const ESM_REQUIRE =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/**
 * Bundles each entry point into one file with its dependencies (`node_modules` included),
 * code loaded on demand (`await import(...)`) split into dist/chunks/; and the mock's CLI once
 * more as one CommonJS file, where code loaded on demand is evaluated on demand but compiled from
 * the same code cache (bin/stacks-api-mock.ts). What a module finds beside itself through
 * `import.meta.url` (the spec, the page's files, target files) stays where tsc's output put it,
 * and each module keeps looking there; `precompiled` (the build's half of spec/precompiled.ts)
 * takes that module's place.
 */
export async function bundleEntries(root: string, dist: string, precompiled: string): Promise<void> {
  const shared = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // A package's ES module build where it has one (@stacks/transactions, yaml, @noble/hashes):
    // only what the mock imports of it is bundled and evaluated at start, where its CommonJS
    // index evaluates every one of its modules.
    mainFields: ['module', 'main'],
    external: EXTERNAL,
    logLevel: 'warning',
    plugins: [sourceLocations(root), swap(join(root, 'spec/precompiled.ts'), precompiled)],
  } satisfies BuildOptions;
  await build({
    ...shared,
    entryPoints: ENTRIES,
    outdir: dist,
    outbase: root,
    entryNames: '[dir]/[name]',
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    splitting: true,
    format: 'esm',
    banner: { js: ESM_REQUIRE },
  });
  // The Clarity engine's thread, alone: Node loads it as a file of its own (a Worker's entry) where
  // mocks/clarity/node/engine-bridge.ts looks for it, and it imports the engine's package, left out.
  await build({
    ...shared,
    entryPoints: [ENGINE_WORKER],
    outdir: dist,
    outbase: root,
    entryNames: '[dir]/[name]',
    format: 'esm',
    plugins: [],
    banner: { js: ESM_REQUIRE },
  });
  const commonjs = {
    ...shared,
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // A CommonJS file has no import.meta: its URL is the file's own, one folder below dist/ as
    // every entry and chunk, so sourceLocations' addresses hold.
    define: { 'import.meta.url': '__importMetaUrl' },
    // Not keepNames: see kept-class-names.ts.
    minify: true,
    plugins: [onFirstUse(root, FIRST_USE), keptClassNames(), ...shared.plugins],
  } satisfies BuildOptions;
  await build({ ...commonjs, entryPoints: MOCK_BIN, banner: { js: IMPORT_META_URL } });
  for (const d of FIRST_USE)
    if (d.apart)
      await build({
        ...commonjs,
        // A package's file is what `require` of it would give.
        ...('file' in d
          ? { entryPoints: [d.file] }
          : {
              stdin: { contents: `module.exports = require(${JSON.stringify(d.spec)});`, resolveDir: root },
            }),
        outdir: undefined,
        outExtension: undefined,
        // Beside the CLI's bundle (MOCK_CLI), whose stand-in or import() requires it from there.
        outfile: join(dist, 'bin', apartFile(d.apart)),
        plugins: [keptClassNames(), ...shared.plugins],
      });
  await build({
    ...commonjs,
    entryPoints: MOCK_CLI,
    banner: { js: `${COMMONJS_WRAPPER.open}${IMPORT_META_URL}` },
    footer: { js: COMMONJS_WRAPPER.close },
  });
}

/**
 * Every output file (entry or chunk) sits one folder below dist/, so `../<path in dist>` from
 * any of them is where tsc's output of a source file is: each project module's
 * `import.meta.url` becomes that address.
 */
function sourceLocations(root: string): Plugin {
  return moduleUrls(root, (path) => {
    const inDist = `../${relative(root, path).split(sep).join('/').replace(/\.ts$/, '.js')}`;
    return `new URL(${JSON.stringify(inDist)}, import.meta.url).href`;
  });
}

/** Resolves the module `from` to the file `to`. */
function swap(from: string, to: string): Plugin {
  return {
    name: 'swap',
    setup(b) {
      b.onResolve({ filter: /precompiled\.ts$/ }, ({ path, resolveDir }) =>
        resolve(resolveDir, path) === from ? { path: to } : undefined,
      );
    },
  };
}
