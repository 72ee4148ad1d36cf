import { readFileSync } from 'node:fs';

/**
 * The code a doc shows of a runnable file: the lines between `// sample:start` and
 * `// sample:end`, less the markers' own indentation (a sample inside a function is shown flush
 * left). Throws, naming the file, when it has no such pair.
 */
export function docSample(file: URL | string): string {
  const source = readFileSync(file, 'utf8');
  const found = /^( *)\/\/ sample:start\n([\s\S]*?)^\1\/\/ sample:end$/m.exec(source);
  if (!found) throw new Error(`${String(file)} has no // sample:start … // sample:end pair`);
  const [, indent = '', body = ''] = found;
  return indent ? body.replace(new RegExp(`^${indent}`, 'gm'), '') : body;
}
