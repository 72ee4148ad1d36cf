import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { npmInstall, ROOT } from './install-package.ts';

/**
 * The four shapes a TypeScript app using the packages has: CommonJS (a default `npm init -y`) or
 * ESM (`"type": "module"`), each with `moduleResolution: NodeNext` or `bundler`.
 */
export const APP_SHAPES = [
  { name: 'commonjs-nodenext', type: undefined, module: 'NodeNext', moduleResolution: 'NodeNext' },
  { name: 'esm-nodenext', type: 'module', module: 'NodeNext', moduleResolution: 'NodeNext' },
  { name: 'commonjs-bundler', type: undefined, module: 'preserve', moduleResolution: 'bundler' },
  { name: 'esm-bundler', type: 'module', module: 'preserve', moduleResolution: 'bundler' },
] as const;

/** What each app does with the packages: MSW's server over the handlers, and the mock started in process. */
const APP = [
  "import { setupServer } from 'msw/node';",
  "import { createStacksHandlers } from 'stacks-api-mock/msw';",
  "import { startMock, type Mock, type components } from 'stacks-api-mock';",
  '',
  'const stacks = createStacksHandlers({ seed: 7 });',
  'export const server = setupServer(...stacks.handlers);',
  "type Block = components['schemas']['Block'];",
  'export async function tipHeight(): Promise<Block extends { height: number } ? number : never> {',
  '  const mock: Mock = await startMock({ port: 0, rateLimit: 0 });',
  '  return mock.world.tip.height;',
  '}',
].join('\n');

const run = promisify(execFile);

/**
 * Writes each shape's app (its package.json, a strict tsconfig.json, and app.ts) in a folder of
 * `dir`, where the packages and msw are installed, and checks all four with one `tsc -b` of this
 * repository's TypeScript: what it printed of each, keyed by shape, '' for a pass. One build of
 * the four shares the parsed declarations (TypeScript's own, msw's, the package's), where four
 * `tsc -p` runs took three times the CPU.
 */
export async function typecheckAppShapes(dir: string): Promise<Record<string, string>> {
  if (!existsSync(join(dir, 'node_modules/msw'))) await npmInstall(dir, 'msw@^2.15.0');
  for (const shape of APP_SHAPES) {
    const app = join(dir, shape.name);
    mkdirSync(app, { recursive: true });
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: shape.name, private: true, ...(shape.type ? { type: shape.type } : {}) }),
    );
    const compilerOptions = {
      module: shape.module,
      moduleResolution: shape.moduleResolution,
      target: 'ES2022',
      strict: true,
      noEmit: true,
      // As `tsc --init` writes it: the error users met is in their own file, and checking every
      // library's declarations would cost this file's slowest test four times the CPU.
      skipLibCheck: true,
      types: [],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
    writeFileSync(join(app, 'app.ts'), APP);
  }
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const names = APP_SHAPES.map((shape) => shape.name);
  // --force: every shape checked, whatever an earlier build in this folder left (its .tsbuildinfo).
  const printed = await run(process.execPath, [tsc, '-b', '--force', '--pretty', 'false', ...names], {
    cwd: dir,
  }).then(
    () => '',
    (err: { stdout?: string }) => err.stdout || String(err),
  );
  // Each error line starts with its file's path, in its shape's folder; a line of none is everyone's.
  const lines = printed.split('\n').filter(Boolean);
  const owner = (line: string): string | undefined => names.find((name) => line.startsWith(`${name}/`));
  return Object.fromEntries(
    names.map((name) => [
      name,
      lines.filter((line) => owner(line) === name || owner(line) === undefined).join('\n'),
    ]),
  );
}
