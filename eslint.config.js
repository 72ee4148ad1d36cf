// ESLint: the mock's layers (dependencies point down only: clarity ← world ← query ← serialize ←
// operations ← http ← control ← live ← ui ← app), the boundaries between the top-level folders (both
// by eslint/import-boundaries.js, a rule of this repository's), one function style, a cap on a
// file's length and the code MSW runs in a browser kept free of Node. Prettier owns formatting.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint/import-boundaries.js';

const LAYERS = [
  'clarity',
  'world',
  'query',
  'serialize',
  'operations',
  'http',
  'control',
  'live',
  'ui',
  'app',
];

/** A layer may import from itself and the layers below it, never from one above (nor the test helpers: below). */
const upwardImports = LAYERS.slice(0, -1).map((layer, i) => ({
  from: [layer],
  to: LAYERS.slice(i + 1),
  because: `dependencies point down (${LAYERS.join(' ← ')})`,
}));

/** The top-level folders, each an element of its own (the mock's layers above are the mock). */
const FOLDERS = [
  'spec',
  'proxy',
  'suite',
  'differential',
  'msw',
  'api',
  'fixtures',
  'bin',
  'scripts',
  'bench',
  'packaging',
];
/** What ships in the package (fixtures/: the in-process mock's target file): none of it may reach testing/. */
const PUBLISHED = [...LAYERS, 'spec', 'msw', 'api', 'bin', 'proxy', 'suite', 'fixtures'];

function disallow(from, to, because) {
  return { from, to, because };
}

/**
 * Which files are which: the first element whose folder holds a file (at any depth) is its own.
 * 'app' is the rest of mocks/, the files directly in it among them.
 */
const ELEMENTS = [
  ...LAYERS.slice(0, -1).map((layer) => ({ type: layer, folders: [`mocks/${layer}`] })),
  { type: 'testing', folders: ['testing', 'contract-tests/self-test'] },
  { type: 'app', folders: ['mocks'] },
  { type: 'suite', folders: ['contract-tests'] },
  ...FOLDERS.filter((f) => f !== 'suite').map((f) => ({ type: f, folders: [f] })),
];

/**
 * Between the top-level folders: the mock serves, and knows nothing of who checks it (the proxy,
 * the suite, the differential); the suite is handed its in-process target by whoever runs it and
 * never imports the mock; the proxy reads requests through spec/, not the mock; the spec depends
 * on no one; what ships never reaches the test helpers.
 */
const folderRules = [
  disallow(LAYERS, ['proxy', 'suite', 'differential'], 'the mock knows nothing of who checks it'),
  disallow(['suite'], LAYERS, 'the suite is handed its target (bin/in-process-mock.ts), never the mock'),
  disallow(['proxy'], LAYERS, 'the proxy reads requests through spec/, not the mock'),
  disallow(
    ['spec'],
    [...LAYERS, 'proxy', 'suite', 'differential', 'msw', 'api'],
    'the spec depends on no one',
  ),
  disallow(PUBLISHED, ['testing'], 'what ships never reaches the test helpers'),
];

/**
 * The code MSW runs in a browser (msw/browser.ts and everything it imports): the world, its
 * queries and serializers, the handlers, the API's pipeline and the living chain. It may not pull
 * in Express or Node (a built-in module, `Buffer`, `process`): the browser bundle would break.
 * Reading a world file from a path is Node only, and so is the pipeline's node:http side.
 */
const BROWSER_CODE = {
  files: [
    'mocks/clarity/**/*.ts',
    'mocks/world/**/*.ts',
    'mocks/query/**/*.ts',
    'mocks/serialize/**/*.ts',
    'mocks/operations/**/*.ts',
    'mocks/http/**/*.ts',
    'mocks/control/live-chain.ts',
    'mocks/control/control-requests.ts',
    'mocks/control/control-plane.ts',
    'mocks/live/*.ts',
    'mocks/ui/live-state.ts',
    'mocks/ui/request-feed.ts',
    'mocks/kernel.ts',
    'mocks/own-paths.ts',
    'mocks/root-links.ts',
    'mocks/sample-urls.ts',
    'mocks/world-view.ts',
    'spec/valid-requests/*.ts',
    'spec/document.ts',
    'spec/releases/*.ts',
    'spec/request/**/*.ts',
    'spec/loopback.ts',
    'spec/precompiled.ts',
    'spec/schemas.ts',
    'spec/formats.ts',
    'spec/responses.ts',
    'msw/stacks-msw.ts',
    'msw/live-updates.ts',
    'msw/browser.ts',
    'testing/browser/balance-page.ts',
  ],
  ignores: [
    '**/*.test.ts',
    'mocks/http/node/**',
    'mocks/clarity/node/**',
    'mocks/live/node/**',
    'mocks/world/wire/node/**',
    'mocks/world/declared/read-world-file.ts',
  ],
};
const NODE_ONLY = 'runs in a browser through MSW (msw/browser.ts): no Express and no Node built-ins here';

export default defineConfig(
  // spec/types.ts is generated from the spec (npm run types): neither linted nor held to the cap.
  { ignores: ['node_modules/**', 'reports/**', 'dist/**', 'packages/*/dist/**', 'spec/types.ts'] },
  {
    // A room of one job: no file, tests included, is over about 400 lines of code.
    files: ['**/*.ts', '**/*.js'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      // A callback is an arrow; `const f = function` is not a thing here.
      'func-style': ['error', 'declaration', { allowArrowFunctions: true }],
      'prefer-arrow-callback': 'error',
      // A named module-level function is a declaration; an arrow stays for a value typed by an
      // alias (`const enormous: Mutation = …`).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator:not([id.typeAnnotation]) > ArrowFunctionExpression',
          message: 'Declare a module-level function with `function name()`, not `const name = () =>`.',
        },
      ],
    },
  },
  {
    // Test files may import anything.
    files: ['**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local: importBoundaries },
    rules: {
      'local/import-boundaries': [
        'error',
        { elements: ELEMENTS, policies: [...upwardImports, ...folderRules] },
      ],
    },
  },
  {
    ...BROWSER_CODE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'supertest', ...builtinModules].map((name) => ({ name, message: NODE_ONLY })),
          patterns: [{ group: ['node:*'], message: NODE_ONLY }],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename', 'setImmediate'].map((name) => ({
          name,
          message: NODE_ONLY,
        })),
      ],
    },
  },
);
