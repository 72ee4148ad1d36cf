#!/usr/bin/env node
// The installed package's `stacks-api-mock` command: the same CLI as `make mock` (bin/cli.ts),
// bundled by the build into one CommonJS file, mock-cli.cjs, beside this one, and compiled here
// with a V8 code cache of what a start runs, so that V8 deserializes those functions instead of
// parsing and compiling them: the cache the build wrote beside the bundle
// (scripts/write-code-cache.ts) on the Node that built it; on any other, the one this machine's
// Node wrote for itself on an earlier start (bin/machine-code-cache.ts), or, on its first start,
// none, and it writes one (as it listens, and again as its first answer leaves).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Script } from 'node:vm';
import {
  CODE_CACHE_WRITE,
  codeCacheOf,
  compileBundle,
  oneBufferReader,
  readCodeCacheLabel,
} from './code-cache.ts';
import { machineCodeCache, writeCodeCaches } from './machine-code-cache.ts';

const bundle = fileURLToPath(new URL('./mock-cli.cjs', import.meta.url));

/** The bundle's text first, then its cache's bytes in the same buffer (bin/code-cache.ts). */
const reader = oneBufferReader();

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return reader.bytes(file);
  } catch {
    return undefined;
  }
}

/** The bundle compiled with the best cache there is for this V8, writing one where there is none. */
function compile(): Script {
  // The build's one run: no cache yet; at exit, what it compiled up to its first answer and stop.
  if (process.env[CODE_CACHE_WRITE] === '1') {
    const script = compileBundle(bundle, undefined);
    process.once('exit', () => writeFileSync(codeCacheOf(bundle), script.createCachedData()));
    return script;
  }
  const label = readCodeCacheLabel(bundle);
  if (!label) return compileBundle(bundle, undefined);
  const source = reader.text(bundle);
  if (label.v8 === process.versions.v8)
    return compileBundle(bundle, readOrUndefined(codeCacheOf(bundle)), source);
  const own = machineCodeCache(label, reader.bytes);
  const script = compileBundle(bundle, own?.data, source);
  if (own) writeCodeCaches(script, own);
  return script;
}

/**
 * Run as Node's loader runs a CommonJS file. A script V8 restores from a cache gets no loader for
 * its import() from Node ("A dynamic import callback was not specified"): the optional Clarity
 * engine is imported on its own thread, whose entry Node loads itself (mocks/clarity/engine-worker.ts).
 */
const cjs = { exports: {} };
const run = compile().runInThisContext() as (...args: unknown[]) => void;
run(cjs.exports, createRequire(bundle), cjs, bundle, dirname(bundle));
