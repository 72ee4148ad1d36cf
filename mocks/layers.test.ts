import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint config (eslint.config.js), as `make lint` runs it.
const eslint = new ESLint();

const LAYERS = 'clarity ← world ← query ← serialize ← operations ← http ← control ← live ← ui ← app';

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer rule: clarity ← world ← query ← serialize ← operations ← http ← control ← live ← ui ← app', () => {
  it('fails lint on a real file in mocks/world/ that imports from mocks/http/, naming the file', async () => {
    // A unique name, removed whatever happens: no other test or run can see or keep it.
    const file = `mocks/world/tables/upward-${randomBytes(4).toString('hex')}.ts`;
    try {
      writeFileSync(
        file,
        "import { errorBody } from '../../http/errors.ts';\n\nexport const leak = errorBody;\n",
      );
      const [result] = await eslint.lintFiles([file]);
      expect(result?.filePath).toContain(file);
      expect(result?.errorCount).toBe(1);
      expect(result?.messages[0]?.ruleId).toBe('local/import-boundaries');
      expect(result?.messages[0]?.message).toBe(
        'mocks/world may not import mocks/http: dependencies point down (clarity ← world ← query ← serialize ← operations ← http ← control ← live ← ui ← app)',
      );
    } finally {
      rmSync(file, { force: true });
    }
  });

  it.each([
    ['mocks/clarity/x.ts', '../world/tables/chain.ts', 'mocks/clarity', 'mocks/world'],
    ['mocks/clarity/x.ts', '../operations/handlers.ts', 'mocks/clarity', 'mocks/operations'],
    ['mocks/world/derive/x.ts', '../../query/lookups.ts', 'mocks/world', 'mocks/query'],
    ['mocks/world/x.ts', '../serialize/block.ts', 'mocks/world', 'mocks/serialize'],
    ['mocks/query/x.ts', '../serialize/block.ts', 'mocks/query', 'mocks/serialize'],
    ['mocks/query/x.ts', '../operations/handlers.ts', 'mocks/query', 'mocks/operations'],
    ['mocks/serialize/x.ts', '../operations/normalize.ts', 'mocks/serialize', 'mocks/operations'],
    ['mocks/serialize/x.ts', '../http/errors.ts', 'mocks/serialize', 'mocks/http'],
    ['mocks/operations/x.ts', '../http/errors.ts', 'mocks/operations', 'mocks/http'],
    ['mocks/http/x.ts', '../app.ts', 'mocks/http', 'mocks (app)'],
    ['mocks/http/x.ts', '../control/live-chain.ts', 'mocks/http', 'mocks/control'],
    ['mocks/control/x.ts', '../app.ts', 'mocks/control', 'mocks (app)'],
    ['mocks/control/x.ts', '../ui/ui-pages.ts', 'mocks/control', 'mocks/ui'],
    ['mocks/control/x.ts', '../live/live-updates.ts', 'mocks/control', 'mocks/live'],
    ['mocks/live/x.ts', '../ui/ui-pages.ts', 'mocks/live', 'mocks/ui'],
    ['mocks/ui/x.ts', '../app.ts', 'mocks/ui', 'mocks (app)'],
    // The rest of mocks/ is the app too.
    ['mocks/world/x.ts', '../event-stream/abi.ts', 'mocks/world', 'mocks (app)'],
  ])('%s importing %s is an upward import', async (filePath, target, from, to) => {
    const found = await problems(`import * as up from '${target}';\n\nexport const x = up;\n`, filePath);
    expect(found).toEqual([
      `local/import-boundaries: ${from} may not import ${to}: dependencies point down (${LAYERS})`,
    ]);
  });

  it.each([
    ['mocks/ui/client/x.ts', '../../../testing/worlds/test-worlds.ts', 'mocks/ui'],
    ['mocks/serialize/x.ts', '../../testing/worlds/test-worlds.ts', 'mocks/serialize'],
    ['mocks/x.ts', '../testing/worlds/test-worlds.ts', 'mocks (app)'],
  ])('%s importing %s reaches the test helpers', async (filePath, target, from) => {
    const found = await problems(`import * as up from '${target}';\n\nexport const x = up;\n`, filePath);
    expect(found).toEqual([
      `local/import-boundaries: ${from} may not import testing: what ships never reaches the test helpers`,
    ]);
  });

  it.each([
    ['mocks/world/x.ts', '../clarity/engine.ts'],
    ['mocks/operations/x.ts', '../clarity/unavailable.ts'],
    ['mocks/query/x.ts', '../world/tables/chain.ts'],
    ['mocks/serialize/x.ts', '../query/lookups.ts'],
    ['mocks/operations/x.ts', '../serialize/block.ts'],
    ['mocks/http/x.ts', '../operations/handlers.ts'],
    ['mocks/control/x.ts', '../operations/handlers.ts'],
    ['mocks/ui/x.ts', '../control/control-plane.ts'],
    ['mocks/live/x.ts', '../control/live-chain.ts'],
    ['mocks/ui/x.ts', '../live/live-updates.ts'],
    ['mocks/ui/client/x.ts', '../../query/catalogue.ts'],
    ['mocks/x.ts', './ui/ui-pages.ts'],
    ['mocks/x.ts', './http/errors.ts'],
  ])('%s may import %s (downward)', async (filePath, target) => {
    expect(
      await problems(`import * as down from '${target}';\n\nexport const x = down;\n`, filePath),
    ).toEqual([]);
  });
});

describe('the boundaries between the top-level folders', () => {
  const CHECKERS = 'the mock knows nothing of who checks it';
  const TARGET = 'the suite is handed its target (bin/in-process-mock.ts), never the mock';
  const SPEC = 'the spec depends on no one';
  const SHIPS = 'what ships never reaches the test helpers';
  it.each([
    ['mocks/x.ts', '../proxy/cli.ts', `mocks (app) may not import proxy: ${CHECKERS}`],
    [
      'mocks/http/x.ts',
      '../../contract-tests/target.ts',
      `mocks/http may not import contract-tests (suite): ${CHECKERS}`,
    ],
    ['mocks/x.ts', '../differential/run.ts', `mocks (app) may not import differential: ${CHECKERS}`],
    [
      'contract-tests/x.ts',
      '../mocks/app.ts',
      `contract-tests (suite) may not import mocks (app): ${TARGET}`,
    ],
    [
      'contract-tests/cases/x.ts',
      '../../mocks/http/errors.ts',
      `contract-tests (suite) may not import mocks/http: ${TARGET}`,
    ],
    [
      'proxy/x.ts',
      '../mocks/http/body.ts',
      'proxy may not import mocks/http: the proxy reads requests through spec/, not the mock',
    ],
    ['spec/x.ts', '../mocks/app.ts', `spec may not import mocks (app): ${SPEC}`],
    ['spec/request/x.ts', '../../mocks/world/tables/chain.ts', `spec may not import mocks/world: ${SPEC}`],
    ['spec/x.ts', '../msw/stacks-msw.ts', `spec may not import msw: ${SPEC}`],
    ['msw/x.ts', '../testing/http/cli-process.ts', `msw may not import testing: ${SHIPS}`],
    ['spec/request/x.ts', '../../testing/fuzz/valid-requests.ts', `spec may not import testing: ${SHIPS}`],
    ['proxy/x.ts', '../testing/http/leaks.ts', `proxy may not import testing: ${SHIPS}`],
    [
      'contract-tests/cases/x.ts',
      '../../testing/http/fake-clock.ts',
      `contract-tests (suite) may not import testing: ${SHIPS}`,
    ],
    ['bin/x.ts', '../testing/worlds/test-worlds.ts', `bin may not import testing: ${SHIPS}`],
    ['api/x.ts', '../testing/browser/chromium.ts', `api may not import testing: ${SHIPS}`],
    [
      'fixtures/targets/x.ts',
      '../../testing/worlds/test-oracle.ts',
      `fixtures may not import testing: ${SHIPS}`,
    ],
    [
      'api/x.ts',
      '../contract-tests/self-test/variants.ts',
      `api may not import contract-tests/self-test (testing): ${SHIPS}`,
    ],
    ['mocks/x.ts', '../testing/fuzz/hostile-values.ts', `mocks (app) may not import testing: ${SHIPS}`],
    [
      'contract-tests/x.ts',
      './self-test/variants.ts',
      `contract-tests (suite) may not import contract-tests/self-test (testing): ${SHIPS}`,
    ],
  ])('fails lint on %s importing %s', async (filePath, target, message) => {
    expect(await problems(`import * as x from '${target}';\n\nexport const y = x;\n`, filePath)).toEqual([
      `local/import-boundaries: ${message}`,
    ]);
  });

  it.each([
    ['bin/x.ts', '../mocks/app.ts'],
    ['bin/x.ts', '../proxy/cli.ts'],
    ['proxy/x.ts', '../spec/request/routing.ts'],
    ['contract-tests/x.ts', '../spec/load.ts'],
    ['mocks/x.ts', '../spec/request/validate.ts'],
    ['msw/x.ts', '../mocks/kernel.ts'],
    // Test support may use what it tests.
    ['testing/worlds/x.ts', '../../mocks/kernel.ts'],
    ['testing/http/x.ts', '../../contract-tests/http/limiter.ts'],
    ['testing/fuzz/x.ts', '../../spec/load.ts'],
    ['contract-tests/self-test/x.ts', '../../mocks/app.ts'],
    // A package named like a folder is not the folder.
    ['spec/x.ts', 'msw'],
  ])('%s may import %s', async (filePath, target) => {
    expect(await problems(`import * as x from '${target}';\n\nexport const y = x;\n`, filePath)).toEqual([]);
  });
});

describe('every way a file names another', () => {
  const UP = `mocks/world may not import mocks/query: dependencies point down (${LAYERS})`;
  it.each([
    ['a side-effect import', "import '../query/lookups.ts';\n"],
    ['a type import', "import type { Lookups } from '../query/lookups.ts';\n\nexport type X = Lookups;\n"],
    [
      'an inline type import',
      "import { type Lookups } from '../query/lookups.ts';\n\nexport type X = Lookups;\n",
    ],
    ['a re-export', "export { lookups } from '../query/lookups.ts';\n"],
    ['a type re-export', "export type { Lookups } from '../query/lookups.ts';\n"],
    ['a star re-export', "export * from '../query/lookups.ts';\n"],
    ['a namespace re-export', "export * as lookups from '../query/lookups.ts';\n"],
    ['a dynamic import', "export const lookups = import('../query/lookups.ts');\n"],
  ])('fails lint on %s upward', async (_form, code) => {
    expect(await problems(code, 'mocks/world/x.ts')).toEqual([`local/import-boundaries: ${UP}`]);
  });

  it('fails lint on a require', async () => {
    expect(await problems("export const body = require('../mocks/http/body.ts');\n", 'proxy/x.ts')).toEqual([
      'local/import-boundaries: proxy may not import mocks/http: the proxy reads requests through spec/, not the mock',
    ]);
  });

  it.each([
    ['mocks/world/x', '../http/errors.ts', '../../testing/worlds/test-worlds.ts'],
    ['contract-tests/cases/x', '../../mocks/http/errors.ts', '../self-test/variants.ts'],
  ])('leaves %s.test.ts alone, whatever it imports (%s, %s)', async (file, up, helpers) => {
    const code = `import * as up from '${up}';\nimport * as helpers from '${helpers}';\n\nexport const x = [up, helpers];\n`;
    expect(await problems(code, `${file}.ts`)).toHaveLength(2);
    expect(await problems(code, `${file}.test.ts`)).toEqual([]);
  });
});

describe('the function style', () => {
  it.each([
    'mocks/query/x.ts',
    'spec/x.ts',
    'contract-tests/cases/x.ts',
    'contract-tests/x.contract.test.ts',
    'proxy/x.ts',
    'api/x.ts',
    'bin/x.ts',
    'packaging/x.test.ts',
    'scripts/x.ts',
    'bench/x.ts',
  ])('asks for a declaration for a module-level function in %s', async (filePath) => {
    expect(await problems('export const twice = (n: number) => n * 2;\n', filePath)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Declare a module-level function/),
    ]);
  });

  it('leaves typed values and callbacks alone', async () => {
    const fine = [
      'type Twice = (n: number) => number;',
      'export const twice: Twice = (n) => n * 2;',
      'export function all(ns: number[]): number[] {',
      '  return ns.map((n) => twice(n));',
      '}',
      '',
    ].join('\n');
    expect(await problems(fine, 'mocks/query/x.ts')).toEqual([]);
  });
});

describe('the browser boundary: what MSW runs in a browser pulls in neither Express nor Node', () => {
  it.each([
    [
      'mocks/world/tables/x.ts',
      "import { createHash } from 'node:crypto';\n\nexport const x = createHash;\n",
    ],
    ['mocks/query/x.ts', "import { readFileSync } from 'fs';\n\nexport const x = readFileSync;\n"],
    ['mocks/http/x.ts', "import express from 'express';\n\nexport const x = express;\n"],
    ['mocks/operations/x.ts', "export const x = Buffer.from('a');\n"],
    ['mocks/control/live-chain.ts', 'export const x = process.env;\n'],
    ['msw/browser.ts', "import { parse } from 'node:querystring';\n\nexport const x = parse;\n"],
  ])('%s may not use Node or Express', async (filePath, code) => {
    const found = await problems(code, filePath);
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-(imports|globals): .*runs in a browser through MSW/),
    ]);
  });

  it.each([
    ['mocks/http/node/x.ts', "import { createServer } from 'node:http';\n\nexport const x = createServer;\n"],
    [
      'mocks/world/declared/read-world-file.ts',
      "import { readFileSync } from 'node:fs';\n\nexport const x = readFileSync;\n",
    ],
    ['msw/node.ts', "import { readFileSync } from 'node:fs';\n\nexport const x = readFileSync;\n"],
    ['mocks/http/x.test.ts', "import { STATUS_CODES } from 'node:http';\n\nexport const x = STATUS_CODES;\n"],
  ])('%s is Node only and may', async (filePath, code) => {
    expect(await problems(code, filePath)).toEqual([]);
  });
});
