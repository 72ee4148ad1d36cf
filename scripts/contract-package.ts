import { cpSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CJS_TYPES } from './cjs-declarations.ts';

/**
 * Left out: the mock's own files in dist/ (its bin and the CLI bundle it loads, the MSW
 * handlers, the declarations for CommonJS importers) and the recorded answers of real services,
 * which only this repository's tests read.
 */
const LEFT_OUT = [
  'bin/stacks-api-mock.',
  // The CLI's bundle, its code cache and the modules kept apart beside it (mock-cli-*.cjs).
  'bin/mock-cli',
  'bin/code-cache.',
  'bin/machine-code-cache.',
  'msw/',
  `${CJS_TYPES}/`,
  'fixtures/golden/',
];

/**
 * The contract suite's package (packages/contract/, `stacks-api-contract`): its dist/ is the
 * build's, without what only the mock's package runs. The suite keeps the mock's sources: with
 * no base URL it runs against the mock in process.
 */
export function writeContractPackage(root: string, dist: string): void {
  const pkg = join(root, 'packages/contract');
  rmSync(join(pkg, 'dist'), { recursive: true, force: true });
  cpSync(dist, join(pkg, 'dist'), {
    recursive: true,
    filter: (src) => {
      const path = relative(dist, src).split(sep).join('/');
      return !LEFT_OUT.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    },
  });
  cpSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
}
