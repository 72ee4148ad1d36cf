import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint config (eslint.config.js), as `make lint` runs it.
const eslint = new ESLint();

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
      expect(result?.messages[0]?.ruleId).toBe('boundaries/dependencies');
      expect(result?.messages[0]?.message).toMatch(/"http" are not allowed in elements of type "world"/);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it.each([
    ['mocks/clarity/x.ts', '../world/tables/chain.ts', 'world', 'clarity'],
    ['mocks/clarity/x.ts', '../operations/handlers.ts', 'operations', 'clarity'],
    ['mocks/world/derive/x.ts', '../../query/lookups.ts', 'query', 'world'],
    ['mocks/world/x.ts', '../serialize/block.ts', 'serialize', 'world'],
    ['mocks/query/x.ts', '../serialize/block.ts', 'serialize', 'query'],
    ['mocks/query/x.ts', '../operations/handlers.ts', 'operations', 'query'],
    ['mocks/serialize/x.ts', '../operations/normalize.ts', 'operations', 'serialize'],
    ['mocks/operations/x.ts', '../http/errors.ts', 'http', 'operations'],
    ['mocks/http/x.ts', '../app.ts', 'app', 'http'],
    ['mocks/http/x.ts', '../control/live-chain.ts', 'control', 'http'],
    ['mocks/control/x.ts', '../app.ts', 'app', 'control'],
    ['mocks/control/x.ts', '../ui/ui-pages.ts', 'ui', 'control'],
    ['mocks/control/x.ts', '../live/live-updates.ts', 'live', 'control'],
    ['mocks/live/x.ts', '../ui/ui-pages.ts', 'ui', 'live'],
    ['mocks/ui/x.ts', '../app.ts', 'app', 'ui'],
    ['mocks/ui/client/x.ts', '../../../testing/worlds/test-worlds.ts', 'testing', 'ui'],
    ['mocks/serialize/x.ts', '../../testing/worlds/test-worlds.ts', 'testing', 'serialize'],
    ['mocks/x.ts', '../testing/worlds/test-worlds.ts', 'testing', 'app'],
  ])('%s importing %s is an upward import', async (filePath, target, to, from) => {
    const found = await problems(`import * as up from '${target}';\n\nexport const x = up;\n`, filePath);
    expect(found).toEqual([
      expect.stringMatching(new RegExp(`^boundaries/dependencies: .*"${to}" are not allowed .* "${from}"`)),
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
  it.each([
    ['the mock imports the proxy', 'mocks/x.ts', '../proxy/cli.ts'],
    ['the mock imports the suite', 'mocks/http/x.ts', '../../contract-tests/target.ts'],
    ['the mock imports the differential', 'mocks/x.ts', '../differential/run.ts'],
    ['the suite imports the mock', 'contract-tests/x.ts', '../mocks/app.ts'],
    ['the suite imports a layer of the mock', 'contract-tests/cases/x.ts', '../../mocks/http/errors.ts'],
    ['the proxy reads requests through the mock', 'proxy/x.ts', '../mocks/http/body.ts'],
    ['the spec imports the mock', 'spec/x.ts', '../mocks/app.ts'],
    ['a published folder reaches test helpers', 'msw/x.ts', '../testing/http/cli-process.ts'],
    ['the spec reaches test helpers', 'spec/request/x.ts', '../../testing/fuzz/valid-requests.ts'],
    ['the proxy reaches test helpers', 'proxy/x.ts', '../testing/http/leaks.ts'],
    ['the suite reaches test helpers', 'contract-tests/cases/x.ts', '../../testing/http/fake-clock.ts'],
    ['a bin reaches test helpers', 'bin/x.ts', '../testing/worlds/test-worlds.ts'],
    ['the package entry reaches test helpers', 'api/x.ts', '../testing/browser/chromium.ts'],
    ['the target files reach test helpers', 'fixtures/targets/x.ts', '../../testing/worlds/test-oracle.ts'],
    ['the API reaches the self-test', 'api/x.ts', '../contract-tests/self-test/variants.ts'],
    ['the mock reaches test helpers', 'mocks/x.ts', '../testing/fuzz/hostile-values.ts'],
  ])('fails lint when %s (%s importing %s)', async (_why, filePath, target) => {
    expect(await problems(`import * as x from '${target}';\n\nexport const y = x;\n`, filePath)).toEqual([
      expect.stringMatching(
        /^boundaries\/dependencies: Dependencies to elements of type "\w+" are not allowed/,
      ),
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
  ])('%s may import %s', async (filePath, target) => {
    expect(await problems(`import * as x from '${target}';\n\nexport const y = x;\n`, filePath)).toEqual([]);
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
