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
import { LISTENING_CHANNEL } from '../mocks/listening-channel.ts';
import { compileBundle } from './code-cache.ts';
import { machineCodeCache, writeWhenListening } from './machine-code-cache.ts';

const LABEL = { v8: 'another V8', bundle: '0123456789abcdef' };
let dir: string;
let bundle: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'machine-code-cache-'));
  bundle = join(dir, 'bundle.cjs');
  writeFileSync(bundle, 'module.exports = function twice(n) { return 2 * n; };\n');
  vi.stubEnv('NODE_COMPILE_CACHE', join(dir, 'cache'));
  vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('the code cache a Node writes for itself', () => {
  it('is none on a first start, then, once the mock listens, one this V8 takes, named by the bundle and the V8', () => {
    const first = machineCodeCache(LABEL);
    expect(first?.data).toBeUndefined();
    expect(first?.file).toContain(join(dir, 'cache'));
    expect(first?.file).toContain(`${LABEL.bundle}-${process.versions.v8}-${process.arch}`);
    const script = compileBundle(bundle, undefined);
    writeWhenListening(script, first!.file);
    expect(existsSync(first!.file)).toBe(false);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
    const next = machineCodeCache(LABEL);
    expect(next?.data?.length).toBeGreaterThan(0);
    expect(compileBundle(bundle, next?.data).cachedDataRejected).toBe(false);
  });

  it('is written once: a second mock listening in the process writes nothing more', () => {
    const { file } = machineCodeCache(LABEL)!;
    writeWhenListening(compileBundle(bundle, undefined), file);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
    rmSync(file);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:2');
    expect(existsSync(file)).toBe(false);
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
    // An older package's caches, one of them a write that never finished.
    place(`fedcba9876543210-${process.versions.v8}-${process.arch}.cache`);
    place(`fedcba9876543210-12.4.254.21-node.33-arm64.cache.4242`);
    // This package's cache for another Node, written before: the user may switch back to it.
    place(`${LABEL.bundle}-11.3.244.8-node.17-${process.arch}.cache`);
    // Another Node that wrote its own after this one: in use beside it.
    place(`0011223344556677-13.6.233.10-node.24-${process.arch}.cache`, Date.now() / 1000 + 3600);
    // Not ours by name, and this cache's own write of another start.
    place('notes.txt');
    place('stacks-api-mock.cache');
    place(`${LABEL.bundle}-${process.versions.v8}-${process.arch}.cache.4242`);
    writeWhenListening(compileBundle(bundle, undefined), file);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
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
    writeWhenListening(compileBundle(bundle, undefined), file);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
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
    writeWhenListening(compileBundle(bundle, undefined), file);
    channel(LISTENING_CHANNEL).publish('http://127.0.0.1:1');
    expect(machineCodeCache(LABEL)?.data).toBeDefined();
    chownSync(dirname(file), 12345, 12345);
    expect(machineCodeCache(LABEL)?.data).toBeUndefined();
  });
});
