import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface InstalledPackage {
  /** An empty project with only the packed tarball installed. */
  dir: string;
  tarball: string;
  tarballBytes: number;
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

/** The environment of a command run in the project: none of the settings of the run that started it. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(VITEST.*|TINYPOOL.*|NODE_ENV|BASE_URL|API_KEY|TARGET|MAX_REQUESTS|CONTRACT_.*|MOCK_.*)$/.test(
          name,
        ),
    ),
  );
}

/**
 * `npm pack` (which builds, through prepack) and `npm install` of the tarball into a new empty
 * project; or, given one, that tarball (the bench compares an earlier build's this way).
 */
export function packAndInstall(packed?: string): InstalledPackage {
  const dir = mkdtempSync(join(tmpdir(), 'stacks-api-mock-package-'));
  const env = cleanEnv();
  if (packed) copyFileSync(packed, join(dir, basename(packed)));
  else
    execFileSync('npm', ['pack', '--pack-destination', dir, ...NPM_QUIET], { cwd: ROOT, env, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  execFileSync('npm', ['install', '--prefer-offline', ...NPM_QUIET, `./${tarball}`], {
    cwd: dir,
    env,
    stdio: 'pipe',
  });
  return { dir, tarball: join(dir, tarball), tarballBytes: statSync(join(dir, tarball)).size };
}

export interface StartedCommand {
  child: ChildProcess;
  output: () => string;
  /** Resolves to the exit code once the command ended and its output is read (null: ended by a signal). */
  closed: Promise<number | null>;
}

/** Runs a command in the project, collecting what it prints. */
export function runIn(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): StartedCommand {
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx runs the bin in a shell under npm, and stop() must reach the server.
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => text, closed };
}

/** Ends the command and everything it started (npm, the shell, the server), unless it ended already. */
export async function stop(started: StartedCommand): Promise<void> {
  const { pid } = started.child;
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return; // the group is gone already
  }
  await exitOf(started);
}

/** Waits for the command to end; resolves to its exit code. */
export function exitOf(started: StartedCommand): Promise<number | null> {
  return started.closed;
}

/** The address a starting mock prints in its banner, as soon as it does (the bench times this). */
export function listeningUrl(started: StartedCommand, timeoutMs = 30_000): Promise<string> {
  const { child } = started;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const match = started.output().match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) done(() => resolve(match[1] as string));
    };
    const fail = (): void =>
      done(() => reject(new Error(`the mock did not start; its output:\n${started.output()}`)));
    const timer = setTimeout(fail, timeoutMs);
    // runIn's own listeners come first, so the output read here already holds the new chunk.
    child.stdout?.on('data', check);
    child.once('close', fail);
    const done = (settle: () => void): void => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('close', fail);
      settle();
    };
    check();
  });
}
