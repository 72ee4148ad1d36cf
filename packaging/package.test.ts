import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeCommand } from './ci-recipe.ts';
import { dockerInstructions, execForm } from './dockerfile.ts';
import {
  emptyProject,
  exitOf,
  listeningUrl,
  nodeRelease,
  packAndInstallBoth,
  pathWith,
  ROOT,
  runIn,
  stop,
  type StartedCommand,
} from './install-package.ts';
import { footprint, type Footprint } from './footprint.ts';
import { docFiles } from './doc-snippets.ts';
import { APP_SHAPES, typecheckAppShapes } from './app-shapes.ts';
import { answerRequests, answerTo, movingRequests } from './answer-requests.ts';
import { engineWarmed } from '../testing/http/engine-warmed.ts';
import { startMockServer } from '../mocks/server.ts';
import { decodeWorld } from '../mocks/world-snapshot.ts';
import { codeCacheOf, compileBundle, readCodeCacheLabel } from '../bin/code-cache.ts';
import { restoreOnNode, takenOnNode, tsxOn } from './other-node.ts';
import { resolveOptions } from '../mocks/world/options.ts';
import { turns } from './turns.ts';

const STEP_MS = 180_000;
/** The empty project the packages were installed into. */
let installed: { dir: string };
/** Node 24's binary from the registry, fetched (once per clone) while the packages pack and install. */
let node24: Awaited<ReturnType<typeof nodeRelease>>;
/** What installing the mock's package alone adds to an empty project. */
let mockFootprint: Footprint;
/** The contract suite's tarball, as `npm pack ./packages/contract` writes it. */
let contractTarball: string;
const running: StartedCommand[] = [];
/** Other folders a test made, deleted after the file. */
const cleanUp: string[] = [];

function start(command: string, args: string[], env: Record<string, string> = {}): StartedCommand {
  const started = runIn(installed.dir, command, args, env);
  running.push(started);
  return started;
}

/**
 * An installed bin as npx runs it, without npx: npx's own start costs a second of CPU, and the
 * tests named after `npx …` run it through npx.
 */
function bin(name: string): string {
  return join(installed.dir, 'node_modules/.bin', name);
}

/**
 * A mock started from the installed package's bin, without limits, on a free port; its Clarity
 * engine starts when a request needs one (`--clarity lazy`: a warm start would spend seconds of
 * CPU on an engine most of these tests never read), or once listening, as by default, with `warm`.
 */
async function installedMock(
  env: Record<string, string> = {},
  clarity = 'lazy',
  command = bin('stacks-api-mock'),
): Promise<{ url: string; mock: StartedCommand }> {
  const mock = start(
    command,
    [
      ...(command === 'npx' ? ['stacks-api-mock'] : []),
      ...['--port', '0', '--rate-limit', '0', '--quiet', '--clarity', clarity],
    ],
    env,
  );
  return { url: await listeningUrl(mock), mock };
}

const heavy = turns(2);

/**
 * One mock, started by the first test to ask, for the tests that only read its pages or its 404s
 * and change nothing: each start costs half a second of CPU.
 */
let readOnlyMockUrl: Promise<string> | undefined;
function readOnlyMock(): Promise<string> {
  readOnlyMockUrl ??= installedMock().then(({ url }) => url);
  return readOnlyMockUrl;
}

/**
 * What a user adds beside the package for the docs' examples: their own test runner (vitest; the
 * mock's package brings none), msw (its optional peer) and Jest 30, which runs on Node 20.
 */
const USER_TEST_TOOLS = ['vitest@^4', 'msw@^2.15.0', 'jest@^30.0.0'];

/**
 * The vitest and MSW examples of docs/mock.md, written as the docs give them, and one run of
 * vitest over both test files (the example's config holds for the folder, as for a user who
 * follows both): one start of vitest where a run each took two. The first test to ask starts it.
 */
let docsVitestRun: Promise<StartedCommand> | undefined;
function docsVitest(): Promise<StartedCommand> {
  docsVitestRun ??= heavy(async () => {
    const files = docFiles();
    for (const name of [
      'vitest.config.ts',
      'stacks-api.global-setup.ts',
      'balance.test.ts',
      'wallet.msw.test.ts',
    ]) {
      expect(files[name], name).toBeDefined();
      writeFileSync(join(installed.dir, name), files[name] as string);
    }
    const run = start(bin('vitest'), ['run', 'balance.test.ts', 'wallet.msw.test.ts']);
    await exitOf(run);
    return run;
  });
  return docsVitestRun;
}

/** The default world's snapshot in the installed package (mocks/world-snapshot.ts). */
const SNAPSHOT_IN_PACKAGE = 'node_modules/stacks-api-mock/dist/mocks/default-world.bin';
/** The mock CLI's bundle in the installed package. */
function mockBundle(): string {
  return join(installed.dir, 'node_modules/stacks-api-mock/dist/bin/mock-cli.cjs');
}

/** Packages that are test tooling: none of them may come with the mock. */
const TEST_TOOLING = ['vitest', 'jest', 'mocha', 'supertest', 'fast-check', '@vitest/runner'];

/** The Clarity engine, the mock's optional peer, as its package.json asks for it. */
const CLARITY_PEER = `@stacks/clarinet-sdk@${
  (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    }
  ).peerDependencies['@stacks/clarinet-sdk']
}`;

beforeAll(async () => {
  // Fetched beside the pack and the install: on a clone's first run, an npm install of its own.
  const release = nodeRelease(24);
  // Beside both packages, in the same install: the Clarity engine, as a user who wants the mock's
  // contract routes installs it (docs/clarity.md: the suite calls them, and without it they
  // answer 501 naming the package); the docs' examples' tools.
  const both = await packAndInstallBoth([CLARITY_PEER, ...USER_TEST_TOOLS]);
  installed = { dir: both.dir };
  contractTarball = both.contractTarball;
  // The packages the mock's package needs in that install: what installing it alone adds.
  mockFootprint = footprint(installed.dir, 'stacks-api-mock');
  node24 = await release;
}, 300_000);

// Ten servers to end: more than a hook's default 10 s on a busy machine. The installed
// node_modules (Jest and msw among it, 15,000 entries) is deleted by an `rm` of its own that
// outlives the run: rmSync here held the file's end 5 to 12 s, and nothing reads the folders once
// their servers ended.
afterAll(async () => {
  await Promise.all(running.map(stop));
  const dirs = [installed?.dir, ...cleanUp].filter((dir) => dir !== undefined);
  if (dirs.length) spawn('rm', ['-rf', ...dirs], { detached: true, stdio: 'ignore' }).unref();
}, 60_000);

/** The tarballs in an empty project, without this repository: what a user of the packages gets. */
describe.concurrent('the packages, installed from their tarballs into an empty project', () => {
  it('the mock’s alone adds at most 60 packages and 30 MB, and no test framework', () => {
    expect(mockFootprint.packages.length, mockFootprint.packages.join(' ')).toBeLessThanOrEqual(60);
    expect(mockFootprint.bytes).toBeLessThanOrEqual(30 * 1024 * 1024);
    for (const tool of TEST_TOOLING) expect(mockFootprint.packages).not.toContain(tool);
    expect(mockFootprint.packages).toContain('stacks-api-mock');
  });

  it(
    'npx stacks-api-mock --port 0 answers, its engine warming in the background as by default',
    async () => {
      const { url, mock } = await installedMock({}, 'warm', 'npx');
      const res = await fetch(`${url}/extended`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('ready');
      // Its engine's warm-up would go on taking CPU from the other tests until the file ends.
      await stop(mock);
    },
    STEP_MS,
  );

  it(
    'answers as the sources do, byte for byte: the bundled bin with its precompiled spec and validators, beside mocks/ run from this tree',
    () =>
      heavy(async () => {
        const { url: built } = await installedMock();
        const source = await startMockServer({ port: 0, rateLimit: 0, quiet: true });
        try {
          const list = [...answerRequests(source.live.queries), ...movingRequests(source.live.queries)];
          expect(list.length).toBeGreaterThan(150);
          for (const req of list) {
            const [fromBuild, fromSource] = await Promise.all([
              answerTo(built, req),
              answerTo(source.url, req),
            ]);
            // The headers in the order sent, then the whole answer.
            expect(Object.keys(fromBuild.headers), `${req.method} ${req.target}`).toEqual(
              Object.keys(fromSource.headers),
            );
            expect(fromBuild, `${req.method} ${req.target}`).toEqual(fromSource);
          }
        } finally {
          await source.close();
        }
      }),
    2 * STEP_MS,
  );

  it('holds the default world built ahead, beside the bundle, for this Node and the default options', () => {
    const snapshot = readFileSync(join(installed.dir, SNAPSHOT_IN_PACKAGE));
    expect(decodeWorld(snapshot, resolveOptions({}))?.chain.blocks.count).toBe(resolveOptions({}).blocks);
  });

  it('holds the mock bin’s code cache, which this Node takes (a rejected one would compile the whole CLI at start), labelled with its V8', () => {
    const script = compileBundle(mockBundle(), readFileSync(codeCacheOf(mockBundle())));
    expect(script.cachedDataRejected).toBe(false);
    expect(readCodeCacheLabel(mockBundle())?.v8).toBe(process.versions.v8);
  });

  it(
    'its home page answers a browser, and the page’s script and the reference’s assets load from the package',
    async () => {
      const url = await readOnlyMock();
      const home = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('/_mock/ui/page.js');
      for (const path of [
        '/_mock/ui/page.js',
        '/_mock/ui/page.css',
        '/_mock/ui/reference',
        '/_mock/ui/reference.js',
        '/_mock/ui/swagger/swagger-ui-bundle.js',
        '/_mock/ui/swagger/swagger-ui.css',
      ])
        expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    },
    STEP_MS,
  );

  it(
    'the installed stacks-api-contract, with the CI recipe’s flags, passes that mock (both on Node 24 when the registry has it), ends with the summary and writes the reports',
    () =>
      heavy(async () => {
        // The one whole suite run of the installed package, on the Node users move to: on this Node
        // the faulty run below runs one test file of it, and the self-test runs it all from the sources.
        const env = 'node' in node24 ? pathWith(node24.node) : {};
        const { url, mock } = await installedMock(env);
        await engineWarmed(url);
        const recipe = recipeCommand({ STAGING_BASE_URL: url, STAGING_API_KEY: '' });
        // The mock mines no block (no --block-time): the live-update checks skip once their wait
        // ends, after 1 s rather than the 10 s or more the default world's block times give.
        const run = start(bin(recipe.bin), [...recipe.args, '--rpm', '0', '--stream-wait', '1'], {
          ...recipe.env,
          ...env,
        });
        const code = await exitOf(run);
        await stop(mock);
        expect(code, run.output().slice(-3_000)).toBe(0);
        const output = run.output().trimEnd();
        // vitest's own summary first, then the suite's grouped summary, then where the reports went.
        expect(output.lastIndexOf('Contract coverage')).toBeGreaterThan(output.lastIndexOf('Test Files'));
        // Each run has its own directory under reports/runs/; reports/latest links to the last.
        expect(output.split('\n').at(-1)).toMatch(
          /^Written: reports\/runs\/[^/]+\/contract-coverage\.md, reports\/runs\/[^/]+\/contract-junit\.xml/,
        );
        for (const file of ['contract-coverage.md', 'contract-junit.xml', 'contract-exchanges.jsonl'])
          expect(existsSync(join(installed.dir, 'reports', 'latest', file)), file).toBe(true);
        // Nothing written inside the installed package: it may be read-only (the Docker image).
        expect(existsSync(join(installed.dir, 'node_modules/stacks-api-contract/dist/node_modules'))).toBe(
          false,
        );
      }),
    2 * STEP_MS,
  );

  it(
    'npx stacks-api-contract exits 1 when the target breaks the contract, and 2 when BASE_URL is not the service',
    () =>
      heavy(async () => {
        // Every answer a 500: each operation breaks its contract.
        const faulty = await listeningUrl(
          start(bin('stacks-api-mock'), [
            '--port',
            '0',
            '--rate-limit',
            '0',
            '--quiet',
            '--fault-rate',
            '1',
            '--clarity',
            'lazy',
          ]),
        );
        // The README's one-liner as written, run by a shell without a terminal (as CI runs it) in a
        // folder holding only the tarball: npx installs it without asking. One test file of the
        // suite (a filter, as vitest's): the whole suite runs once, in the test above.
        const line =
          /^npx --yes --package \.\/stacks-api-contract-[\d.]+\.tgz stacks-api-contract --base-url \S+/m.exec(
            readFileSync(join(ROOT, 'README.md'), 'utf8'),
          )?.[0];
        expect(line, 'the README’s npx --yes --package … line').toBeDefined();
        const ci = emptyProject();
        cleanUp.push(ci);
        copyFileSync(contractTarball, join(ci, basename(contractTarball)));
        const command = `${(line as string).replace(/--base-url \S+/, `--base-url ${faulty}`)} --rpm 0 get_status`;
        // npx's install from npm's cache, as the installs above, without asking the registry again.
        const broken = runIn(ci, 'bash', ['-c', command], { npm_config_prefer_offline: 'true' });
        running.push(broken);
        expect(await exitOf(broken), broken.output().slice(-3_000)).toBe(1);
        expect(stripVTControlCharacters(broken.output())).toMatch(/Test Files\s+1 failed \(1\)/);
        expect(broken.output()).toContain('Contract coverage');

        // The installed bin, run in that folder: its reports stay there, away from the whole run's,
        // which another test reads meanwhile (npx would install the tarball again: 5 s of CPU).
        const url = await readOnlyMock();
        const misplaced = runIn(ci, bin('stacks-api-contract'), [
          '--base-url',
          `${url}/no-such-prefix`,
          '--rpm',
          '0',
        ]);
        running.push(misplaced);
        expect(await exitOf(misplaced)).toBe(2);
        expect(misplaced.output()).toContain('answers 404 to GET /extended');
      }),
    // npx installs the suite and its dependencies (vitest among them) before it runs.
    2 * STEP_MS,
  );

  it(
    'the installed bins’ help names their own commands and every subcommand, and a missing target file or a filter that names no test file is one line',
    async () => {
      // Four short runs, none waiting for another.
      const mockHelp = start(bin('stacks-api-mock'), ['--help']);
      const contractHelp = start(bin('stacks-api-contract'), ['--help']);
      const missing = start(bin('stacks-api-contract'), ['--target', 'no-such-target.json']);
      const unknown = start(bin('stacks-api-contract'), ['no-such-file']);
      expect(await exitOf(mockHelp)).toBe(0);
      for (const sub of ['export', 'event-stream', 'proxy'])
        expect(mockHelp.output()).toContain(`npx stacks-api-mock ${sub} `);
      expect(await exitOf(contractHelp)).toBe(0);
      expect(contractHelp.output()).toMatch(/--explore .*\[CONTRACT_EXPLORE\]/);
      for (const help of [mockHelp, contractHelp]) expect(help.output()).not.toMatch(/\bmake \w|npm run/);
      expect(await exitOf(missing)).toBe(2);
      expect(missing.output()).toMatch(/^the target file no-such-target\.json does not exist/);
      expect(missing.output()).not.toContain('ENOENT');
      expect(await exitOf(unknown)).toBe(2);
      expect(unknown.output()).toMatch(/^no test file of the suite matches "no-such-file"/);
    },
    STEP_MS,
  );

  it(
    'npx stacks-api-contract names a bad flag and exits 2',
    async () => {
      const run = start('npx', ['stacks-api-contract', '--base-url', 'staging.example.org']);
      expect(await exitOf(run)).toBe(2);
      expect(run.output()).toContain('BASE_URL must start with http:// or https://');
    },
    STEP_MS,
  );

  it(
    'on Node 24 too (the registry’s Node 24 binary): the mock’s bin answers, writes a code cache of its own that Node 24 takes, and the default world restores',
    async (ctx) => {
      const release = node24;
      if ('unavailable' in release) return ctx.skip(release.unavailable);
      const compileCache = join(installed.dir, 'node-compile-cache');
      const env = { ...pathWith(release.node), NODE_COMPILE_CACHE: compileCache };
      const version = start('node', ['--version'], env);
      await exitOf(version);
      expect(version.output()).toMatch(/^v24\./);
      const { url } = await installedMock(env);
      const caches = (): string[] =>
        readdirSync(compileCache, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.cache'));
      // Whether Node 24 takes the cache (`taken`), then what the scripts `also` print, in that process.
      const taken = async (cache: string, ...also: string[]): Promise<string[]> => {
        const takes = tsxOn(release.node, takenOnNode(mockBundle(), join(compileCache, cache)), ...also);
        expect(await exitOf(takes), takes.output()).toBe(0);
        const [verdict, ...rest] = takes.output().trim().split('\n');
        expect(verdict).toBe('taken');
        return rest;
      };
      // Node 24 takes no V8 cache written by another Node: its first start wrote its own as it began to listen.
      const written = caches();
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/\.listening\.cache$/);
      // In the same process: the default world this Node's build wrote restores on Node 24 too
      // (built instead, it costs a start ~80 ms of CPU).
      const restored = await taken(
        written[0] as string,
        restoreOnNode(join(installed.dir, SNAPSHOT_IN_PACKAGE)),
      );
      expect(restored).toEqual([String(resolveOptions({}).blocks)]);
      expect((await fetch(`${url}/extended`)).status).toBe(200);
      // ...and, before its first answer left, the one with what that answer compiled, in its place.
      const answered = caches();
      expect(answered).toEqual([(written[0] as string).replace(/\.listening\.cache$/, '.cache')]);
      await taken(answered[0] as string);
    },
    STEP_MS,
  );

  it(
    'the README’s plain Node script (try-it.mjs) starts the mock with startMock, queries its world, mines blocks and closes it',
    async () => {
      const script = docFiles()['try-it.mjs'];
      expect(script).toBeDefined();
      writeFileSync(join(installed.dir, 'try-it.mjs'), script as string);
      const run = start('node', ['try-it.mjs']);
      expect(await exitOf(run), run.output()).toBe(0);
      expect(run.output()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n200 200\n203 203\n$/);
    },
    STEP_MS,
  );

  it(
    'the vitest example of docs/mock.md passes as written',
    async () => {
      const run = await docsVitest();
      expect(await exitOf(run), run.output()).toBe(0);
      expect(stripVTControlCharacters(run.output())).toMatch(/✓ balance\.test\.ts \(1 test\)/);
    },
    2 * STEP_MS,
  );

  it(
    'the MSW examples of docs/mock.md pass as written, in vitest and in Jest (msw and jest from the registry), and the handlers with no baseUrl answer the official client’s base under onUnhandledRequest: error',
    async () => {
      // No baseUrl, and any request the handlers leave is an error: the official client's own base
      // is answered. A light run, started before the test runners' turns.
      writeFileSync(
        join(installed.dir, 'default-base.mjs'),
        [
          "import { setupServer } from 'msw/node';",
          "import { createStacksHandlers } from 'stacks-api-mock/msw';",
          'const server = setupServer(...createStacksHandlers().handlers);',
          "server.listen({ onUnhandledRequest: 'error' });",
          "const res = await fetch('https://api.mainnet.hiro.so/extended');",
          'console.log(res.status, (await res.json()).status);',
          'server.close();',
        ].join('\n'),
      );
      const plain = start('node', ['default-base.mjs']);
      const files = docFiles();
      expect(files['wallet.jest.test.mjs']).toBeDefined();
      writeFileSync(join(installed.dir, 'wallet.jest.test.mjs'), files['wallet.jest.test.mjs'] as string);
      const vitest = await docsVitest();
      expect(await exitOf(vitest), vitest.output()).toBe(0);
      expect(stripVTControlCharacters(vitest.output())).toMatch(/✓ wallet\.msw\.test\.ts \(1 test\)/);
      const jest = await heavy(async () => {
        const run = start(bin('jest'), ['wallet.jest'], { NODE_OPTIONS: '--experimental-vm-modules' });
        await exitOf(run);
        return run;
      });
      expect(await exitOf(jest), jest.output()).toBe(0);
      expect(jest.output()).toMatch(/Tests:\s+1 passed/);
      expect(await exitOf(plain), plain.output()).toBe(0);
      expect(plain.output()).toMatch(/^200 ready$/m);
    },
    STEP_MS,
  );

  it(
    'its types: tsc passes an app that uses setupServer(...stacks.handlers) and startMock, CommonJS or ESM, with NodeNext or bundler resolution',
    async () => {
      const printed = await heavy(() => typecheckAppShapes(installed.dir));
      expect(printed).toEqual(Object.fromEntries(APP_SHAPES.map((shape) => [shape.name, ''])));
    },
    STEP_MS,
  );

  it(
    'the Dockerfile’s command and health check work on the installed package (here on a free loopback port)',
    async () => {
      const instructions = dockerInstructions();
      // The image's global install puts the bin on PATH; here it is the project's node_modules/.bin.
      const [command, ...args] = execForm(instructions, 'CMD');
      const url = await listeningUrl(
        start(bin(command as string), [...args, '--host', '127.0.0.1', '--port', '0', '--clarity', 'lazy']),
      );
      const [node, ...check] = execForm(instructions, 'HEALTHCHECK');
      const health = start(
        node === 'node' ? process.execPath : (node as string),
        check.map((a) => a.replace('http://127.0.0.1:3999', url)),
      );
      expect(await exitOf(health), health.output()).toBe(0);
    },
    STEP_MS,
  );
});
