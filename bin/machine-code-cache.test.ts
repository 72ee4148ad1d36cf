import { channel } from 'node:diagnostics_channel';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
