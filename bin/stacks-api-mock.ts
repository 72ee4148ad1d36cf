#!/usr/bin/env node
// The installed package's `stacks-api-mock` command: the same CLI as `make mock` (bin/cli.ts),
// bundled by the build into one CommonJS file, mock-cli.cjs, beside this one. So that a start
// skips parsing and compiling what the first answer runs: from Node 22.1, Node's own compile
// cache (module.enableCompileCache), which each Node writes for itself on the first start and
// reads on the next; on Node 20, which has none, the V8 code cache the build wrote beside the
// bundle (scripts/write-code-cache.ts), taken only by the V8 that wrote it.
import { readFileSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
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

/** Node ≥ 22.1's (flushCompileCache: ≥ 22.10); absent from Node 20 and from @types/node 20. */
const { enableCompileCache, flushCompileCache } = module as {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
};

/** The bundle through Node's own loader, with Node's compile cache on. */
function runWithNodeCache(enable: () => unknown): void {
  // Kept per Node version under the OS's temporary directory (NODE_COMPILE_CACHE moves it).
  enable();
  createRequire(bundle)(bundle);
  // Node writes it at exit; now too, or a mock ended by SIGKILL (a runner's timeout) never fills it.
  flushCompileCache?.();
}

/**
 * The bundle compiled with the build's V8 code cache, as Node's loader would wrap it. A script
 * V8 restores from a cache gets no loader for its import() from Node ("A dynamic import callback
 * was not specified"): the optional Clarity engine is imported on its own thread, whose entry
 * Node loads itself (mocks/clarity/engine-worker.ts).
 */
function runWithBuildCache(): void {
  const script = compileBundle(bundle, readCache());
  // The cache holds every function compiled until the process exits: the build's run starts the
  // mock, asks it for its first answer, then stops it.
  if (writing) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  const cjs = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(cjs.exports, createRequire(bundle), cjs, bundle, dirname(bundle));
}

if (enableCompileCache && !writing) runWithNodeCache(enableCompileCache);
else runWithBuildCache();
