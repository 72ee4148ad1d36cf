#!/usr/bin/env node
// The installed package's `stacks-api-mock` command: the same CLI as `make mock` (bin/cli.ts),
// bundled by the build into one CommonJS file, mock-cli.cjs, beside this one. Node 20 caches no
// compiled ES module, so this loader compiles that bundle with the V8 code cache the build wrote
// beside it (scripts/write-code-cache.ts): the start skips parsing and compiling what the first
// answer runs. Under another V8 (another Node) the cache is rejected and the bundle compiles as usual.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_CACHE_WRITE, codeCacheOf, compileBundle } from './code-cache.ts';

const bundle = fileURLToPath(new URL('./mock-cli.cjs', import.meta.url));
const cacheFile = codeCacheOf(bundle);
const writing = process.env[CODE_CACHE_WRITE] === '1';

function readCache(): Buffer | undefined {
  if (writing) return undefined;
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

const script = compileBundle(bundle, readCache());
// The cache holds every function compiled until the process exits: the build's run starts the
// mock, asks it for its first answer, then stops it.
if (writing) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
const cjs = { exports: {} };
const run = script.runInThisContext() as (...args: unknown[]) => void;
run(cjs.exports, createRequire(bundle), cjs, bundle, dirname(bundle));
