import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SWEEP } from './chromium.ts';

const made: string[] = [];
function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A profile whose SingletonSocket link points into `socketDir`, as Chromium leaves one. */
function profileLinkedTo(socketDir: string): string {
  const profile = folder('stacks-mock-chromium-');
  writeFileSync(join(socketDir, 'SingletonSocket'), '');
  symlinkSync(join(socketDir, 'SingletonSocket'), join(profile, 'SingletonSocket'));
  return profile;
}

/** The sweeper run for a stand-in browser (a process group of its own), its pipe then closed. */
async function sweep(profile: string): Promise<NodeJS.Signals | null> {
  const browser = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
  const browserEnded = new Promise<NodeJS.Signals | null>((resolve) =>
    browser.once('exit', (_code, signal) => resolve(signal)),
  );
  const sweeper = spawn('sh', ['-c', SWEEP, 'sweep', String(browser.pid), profile], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const swept = new Promise((resolve) => sweeper.once('exit', resolve));
  sweeper.stdin.end();
  await swept;
  return browserEnded;
}

describe('the sweeper that ends a worker’s Chromium', () => {
  it('kills the browser’s process group, then removes its profile and the socket folder Chromium keeps outside it', async () => {
    const socketDir = folder('org.chromium.Chromium.');
    const profile = profileLinkedTo(socketDir);
    expect(await sweep(profile)).toBe('SIGKILL');
    expect(existsSync(profile)).toBe(false);
    expect(existsSync(socketDir)).toBe(false);
  });

  it('leaves a folder the link names that is not Chromium’s socket folder', async () => {
    const elsewhere = folder('not-chromium-');
    const profile = profileLinkedTo(elsewhere);
    await sweep(profile);
    expect(existsSync(profile)).toBe(false);
    expect(existsSync(join(elsewhere, 'SingletonSocket'))).toBe(true);
  });
});
