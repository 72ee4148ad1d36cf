import { channel } from 'node:diagnostics_channel';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWERING_CHANNEL } from '../mocks/http/node/answering-channel.ts';
import { LISTENING_CHANNEL } from '../mocks/listening-channel.ts';
import { compileBundle } from './code-cache.ts';
import { machineCodeCache, writeCodeCaches, type MachineCodeCache } from './machine-code-cache.ts';

const LABEL = { v8: 'another V8', bundle: '0123456789abcdef' };
let dir: string;
let bundle: string;

function listen(): void {
  channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
}

function answer(): void {
  channel(ANSWERING_CHANNEL).publish(undefined);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'machine-code-cache-'));
  bundle = join(dir, 'bundle.cjs');
  // As the build writes the CLI's bundle: the function Node's loader would wrap it in.
  writeFileSync(
    bundle,
    '(function (exports, require, module) {\nmodule.exports = { twice(n) { return 2 * n; }, thrice(n) { return 3 * n; } };\n})',
  );
  vi.stubEnv('NODE_COMPILE_CACHE', join(dir, 'cache'));
  vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', undefined);
});

afterEach(() => {
  // What a test's starts still wait for is written into its own folder, then removed with it.
  listen();
  answer();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** A start: the bundle compiled with the cache there is, the caches it lacks to be written. */
function start(): { cache: MachineCodeCache; run: { twice(n: number): number; thrice(n: number): number } } {
  const cache = machineCodeCache(LABEL)!;
  const script = compileBundle(bundle, cache.data);
  writeCodeCaches(script, cache);
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, undefined, module);
  return { cache, run: module.exports as ReturnType<typeof start>['run'] };
}

describe('the code cache a Node writes for itself', () => {
  it('is none on a first start; written once the mock listens, then again as its first answer leaves, named by the bundle and the V8', () => {
    const { cache, run } = start();
    expect(cache.data).toBeUndefined();
    expect(cache.file).toContain(join(dir, 'cache'));
    expect(cache.file).toContain(`${LABEL.bundle}-${process.versions.v8}-${process.arch}.cache`);
    expect(existsSync(cache.listening)).toBe(false);
    listen();
    const listened = machineCodeCache(LABEL)!;
    expect(listened.answered).toBe(false);
    expect(compileBundle(bundle, listened.data).cachedDataRejected).toBe(false);
    expect(run.twice(2)).toBe(4);
    answer();
    const answered = machineCodeCache(LABEL)!;
    expect(answered.answered).toBe(true);
    expect(compileBundle(bundle, answered.data).cachedDataRejected).toBe(false);
    // What ran before the answer is in it, compiled: more than at listen.
    expect(answered.data!.length).toBeGreaterThan(listened.data!.length);
    // The one written at listen is superseded.
    expect(existsSync(cache.listening)).toBe(false);
  });

  it('is written once a channel: a second mock listening or answering in the process writes nothing more', () => {
    const { cache } = start();
    listen();
    answer();
    rmSync(cache.file);
    listen();
    answer();
    expect(existsSync(cache.file)).toBe(false);
    expect(existsSync(cache.listening)).toBe(false);
  });

  it('a start that took the cache written at listen writes it as its first answer leaves, not at listen', () => {
    const { listening } = machineCodeCache(LABEL)!;
    mkdirSync(dirname(listening), { recursive: true });
    // A first start, ended after it listened, before any answer.
    writeFileSync(listening, compileBundle(bundle, undefined).createCachedData());
    const { cache, run } = start();
    expect(cache.answered).toBe(false);
    expect(cache.data).toBeDefined();
    rmSync(listening);
    listen();
    expect(existsSync(listening)).toBe(false);
    run.thrice(1);
    answer();
    expect(machineCodeCache(LABEL)?.answered).toBe(true);
  });

  it('a start that took the cache written as a first answer left writes none', () => {
    const { file } = machineCodeCache(LABEL)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, compileBundle(bundle, undefined).createCachedData());
    const { cache } = start();
    expect(cache.answered).toBe(true);
    rmSync(file);
    listen();
    answer();
    expect(readdirSync(dirname(file))).toEqual([]);
  });

  it('a start whose cache V8 rejects writes both again', () => {
    const { file, listening } = machineCodeCache(LABEL)!;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'not a code cache');
    start();
    listen();
    expect(existsSync(listening)).toBe(true);
    answer();
    expect(compileBundle(bundle, machineCodeCache(LABEL)?.data).cachedDataRejected).toBe(false);
  });

  it('prunes, once written, the caches of other bundles written before it: never itself, its bundle for another V8 (a Node switched back to), a newer one, or anything not ours', () => {
    const { file } = machineCodeCache(LABEL)!;
    const folder = dirname(file);
    mkdirSync(folder, { recursive: true });
    const hourAgo = Date.now() / 1000 - 3600;
    const place = (name: string, time = hourAgo): void => {
      writeFileSync(join(folder, name), 'x');
      utimesSync(join(folder, name), time, time);
    };
    // An older package's caches, one written at listen, one a write that never finished.
    place(`fedcba9876543210-${process.versions.v8}-${process.arch}.cache`);
    place(`fedcba9876543210-${process.versions.v8}-${process.arch}.listening.cache`);
    place(`fedcba9876543210-12.4.254.21-node.33-arm64.cache.4242`);
    // This package's cache for another Node, written before: the user may switch back to it.
    place(`${LABEL.bundle}-11.3.244.8-node.17-${process.arch}.cache`);
    // Another Node that wrote its own after this one: in use beside it.
    place(`0011223344556677-13.6.233.10-node.24-${process.arch}.cache`, Date.now() / 1000 + 3600);
    // Not ours by name, and this cache's own write of another start.
    place('notes.txt');
    place('stacks-api-mock.cache');
    place(`${LABEL.bundle}-${process.versions.v8}-${process.arch}.cache.4242`);
    start();
    listen();
    answer();
    expect(readdirSync(folder).sort()).toEqual(
      [
        `0011223344556677-13.6.233.10-node.24-${process.arch}.cache`,
        `${LABEL.bundle}-11.3.244.8-node.17-${process.arch}.cache`,
        `${LABEL.bundle}-${process.versions.v8}-${process.arch}.cache`,
        `${LABEL.bundle}-${process.versions.v8}-${process.arch}.cache.4242`,
        'notes.txt',
        'stacks-api-mock.cache',
      ].sort(),
    );
  });

  it('does not prune a stale cache another user owns', (ctx) => {
    if (process.getuid?.() !== 0) return ctx.skip('only root can give a file to another user');
    const { file } = machineCodeCache(LABEL)!;
    mkdirSync(dirname(file), { recursive: true });
    const theirs = join(dirname(file), `fedcba9876543210-${process.versions.v8}-${process.arch}.cache`);
    writeFileSync(theirs, 'x');
    utimesSync(theirs, Date.now() / 1000 - 3600, Date.now() / 1000 - 3600);
    chownSync(theirs, 12345, 12345);
    start();
    listen();
    answer();
    expect(existsSync(file)).toBe(true);
    expect(existsSync(theirs)).toBe(true);
  });

  it('is off, neither read nor written, where Node’s own compile cache is off', () => {
    vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', '1');
    expect(machineCodeCache(LABEL)).toBeUndefined();
  });

  it('is not read from a folder another user owns', (ctx) => {
    if (process.getuid?.() !== 0) return ctx.skip('only root can give a folder to another user');
    const { file } = machineCodeCache(LABEL)!;
    start();
    listen();
    answer();
    expect(machineCodeCache(LABEL)?.data).toBeDefined();
    chownSync(dirname(file), 12345, 12345);
    expect(machineCodeCache(LABEL)?.data).toBeUndefined();
  });
});
