import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install-package.ts';

/** The README's and docs/'s pages. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return [join(ROOT, 'README.md'), ...docs.map((name) => join(ROOT, 'docs', name))];
}

/**
 * The code blocks of the README and docs/ that start with `// <file name>`, by file name: examples
 * a test runs as written.
 */
export function docFiles(): Record<string, string> {
  const text = pages()
    .map((page) => readFileSync(page, 'utf8'))
    .join('\n');
  const blocks = [...text.matchAll(/^```(?:ts|js)\n\/\/ ([\w.-]+)\n([\s\S]*?)^```$/gm)];
  return Object.fromEntries(blocks.map(([, name, body]) => [name as string, body as string]));
}
