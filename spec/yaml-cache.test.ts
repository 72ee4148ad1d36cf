import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYaml } from './yaml-cache.ts';

const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/stacks-api-yaml/', import.meta.url));
function keptAs(text: string): string {
  return `${CACHE_DIR}${createHash('sha256').update(text).digest('hex')}.json`;
}

describe('parseYaml', () => {
  it('gives what yaml parses, keeps it by the text’s hash, and reads it back from there', () => {
    const text = `openapi: 3.1.0\ninfo: { title: t-${process.pid}-${Date.now()}, version: '1' }\nlist: [1, two, null, true]\n`;
    expect(parseYaml(text)).toEqual(parse(text));
    expect(JSON.parse(readFileSync(keptAs(text), 'utf8'))).toEqual(parse(text));
    expect(parseYaml(text)).toEqual(parse(text));
    rmSync(keptAs(text));
  });

  it('keeps nothing JSON cannot carry whole', () => {
    const text = `limit: .inf # ${process.pid}-${Date.now()}\n`;
    expect(parseYaml(text)).toEqual({ limit: Infinity });
    expect(existsSync(keptAs(text))).toBe(false);
  });

  it('reads the spec as yaml does', () => {
    const text = readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8');
    expect(parseYaml(text)).toEqual(parse(text));
  });
});
