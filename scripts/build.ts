import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle } from '../mocks/ui/client-bundle.ts';
import { buildBrowserEntry } from '../msw/browser-bundle.ts';
import { SWAGGER_FILES, SWAGGER_LICENCE, swaggerFile } from '../mocks/ui/reference-page.ts';
import { bundleEntries } from './bundle.ts';
import { writeDefaultWorld } from '../mocks/world-snapshot.ts';
import { writePrecompiledSpec } from './precompile-spec.ts';
import { writeCodeCache } from './write-code-cache.ts';
import { writeContractPackage } from './contract-package.ts';
import { writeCommonJsDeclarations } from './cjs-declarations.ts';

/**
 * `npm run build`: compiled JavaScript and declarations in dist/, laid out as the sources are, so
 * every `new URL('./…', import.meta.url)` lookup finds the same file; then the files read at run
 * time (the spec, target files and their schema, example worlds, the home page's style) beside
 * them, and the home page's script as one bundle (mocks/ui/client/ → dist/mocks/ui/page.js; the
 * browser needs no compiled client files), and Swagger UI's files for the reference. What tsc
 * compiles is an include list of what ships (tsconfig.build.json: the package's entries, its bins,
 * the contract suite's test files, which are the product, and what they import), so unit tests and
 * test helpers never reach dist/. Last, for a quick start, the spec
 * files parsed and the mock's validators compiled ahead of time (scripts/precompile-spec.ts),
 * the bins and the API each bundled into one file over tsc's (scripts/bundle.ts), and the mock
 * bin's code cache written by one run of it (scripts/write-code-cache.ts), the declarations once
 * more for CommonJS importers (scripts/cjs-declarations.ts); last, the contract
 * suite's package (packages/contract/) from the same files (scripts/contract-package.ts).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const CLIENT = 'mocks/ui/client';
const ASSETS = [
  'spec/openapi.yaml',
  'spec/asyncapi.yaml',
  'mocks/control/openapi.yaml',
  'mocks/ui/page.css',
  'fixtures',
];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

rmSync(DIST, { recursive: true, force: true });
// Emitted without tsc's type check (a third of its CPU): `make typecheck`, which `make test`
// runs, checks the same sources, and the packaging test typechecks apps against what this emits.
execFileSync(
  process.execPath,
  [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--noCheck'],
  {
    stdio: 'inherit',
  },
);
// Nothing beyond the include list: a unit test or a test helper in dist/ is a broken boundary.
const strays = walk(DIST)
  .map((file) => relative(DIST, file))
  .filter(
    (path) =>
      /(?<!\.contract)\.test\.(js|d\.ts)$/.test(path) ||
      /^(testing|mocks\/reliability|contract-tests\/self-test)\//.test(path),
  );
if (strays.length) throw new Error(`test code reached dist/: ${strays.join(', ')}`);
for (const asset of ASSETS) {
  cpSync(join(ROOT, asset), join(DIST, asset), { recursive: true, filter: (src) => !src.endsWith('.ts') });
}
rmSync(join(DIST, CLIENT), { recursive: true, force: true });
writeFileSync(join(DIST, 'mocks/ui/page.js'), await buildBundle());
// `stacks-api-mock/msw` in a browser: one bundle with the spec inside (tsc's own browser.js
// imports the YAML file); the bundler that made it stays out of the package.
writeFileSync(join(DIST, 'msw/browser.js'), await buildBrowserEntry());
for (const file of ['browser-bundle.js', 'browser-bundle.d.ts'])
  rmSync(join(DIST, 'msw', file), { force: true });
// Swagger UI ships inside the package (see reference-page.ts), with its licence.
for (const name of [...SWAGGER_FILES, ...SWAGGER_LICENCE])
  cpSync(swaggerFile(name), join(DIST, 'mocks/ui/swagger', name));
// The default world, built now and restored at start (mocks/world-snapshot.ts).
writeDefaultWorld(join(DIST, 'mocks/default-world.bin'));
await bundleEntries(ROOT, DIST, writePrecompiledSpec(DIST));
// The mock's bin is its CommonJS bundle (dist/bin/stacks-api-mock.cjs): tsc's twin would mislead.
rmSync(join(DIST, 'bin/stacks-api-mock.js'));
await writeCodeCache(DIST);
// The declarations again, read as CommonJS, for apps that `require` the package (scripts/cjs-declarations.ts).
writeCommonJsDeclarations(DIST);
// The contract suite's package, packages/contract/, from the same build.
writeContractPackage(ROOT, DIST);
