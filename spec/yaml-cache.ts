import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';

/**
 * Parsed YAML documents kept as JSON under node_modules/.cache, by the hash of their text, when
 * this module runs from the sources (a test run, `make mock`): parsing the spec's YAML cost every
 * process that loads it (each test worker, each child run of the contract suite, each CLI a test
 * starts) a second or more, JSON.parse of the same a few milliseconds. A built package reads
 * the build's parse instead (precompiled.ts) and writes nothing into itself.
 */
const CACHE_DIR = import.meta.url.endsWith('.ts')
  ? fileURLToPath(new URL('../node_modules/.cache/stacks-api-yaml/', import.meta.url))
  : undefined;

export function parseYaml(text: string): unknown {
  if (!CACHE_DIR) return parse(text);
  const file = join(CACHE_DIR, `${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // Not kept yet (or unreadable): parsed below.
  }
  const value: unknown = parse(text);
  const json = JSON.stringify(value);
  // Only a document JSON carries whole is kept (no Infinity, no undefined).
  if (!isDeepStrictEqual(JSON.parse(json), value)) return value;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, json);
    renameSync(partial, file);
  } catch {
    // A read-only tree: the parse stands, uncached.
  }
  return value;
}
