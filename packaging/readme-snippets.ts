import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install-package.ts';

/** The README's code blocks that start with `// <file name>`, by file name: examples a test runs as written. */
export function readmeFiles(): Record<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```(?:ts|js)\n\/\/ ([\w.-]+)\n([\s\S]*?)^```$/gm)];
  return Object.fromEntries(blocks.map(([, name, body]) => [name as string, body as string]));
}
