import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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
export function npmInstall(dir: string, ...specs: string[]): void {
  execFileSync('npm', ['install', '--prefer-offline', ...NPM_QUIET, ...specs], {
    cwd: dir,
    env: cleanEnv(),
    stdio: 'pipe',
  });
}

/**
 * `npm pack` (which builds, through prepare) and `npm install` of the tarball into a new empty
 * project; or, given one, that tarball (the bench compares an earlier build's this way).
 */
export function packAndInstall(packed?: string): InstalledPackage {
  const dir = emptyProject();
  const env = cleanEnv();
  if (packed) copyFileSync(packed, join(dir, basename(packed)));
  else
    execFileSync('npm', ['pack', '--pack-destination', dir, ...NPM_QUIET], { cwd: ROOT, env, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${dir}`);
  npmInstall(dir, `./${tarball}`);
  return { dir, tarball: join(dir, tarball), tarballBytes: statSync(join(dir, tarball)).size };
}

/** The contract suite's package beside the mock's (package.json at the root). */
export const CONTRACT_PACKAGE = join(ROOT, 'packages/contract');

/**
 * `npm pack` of the contract suite's package and its install into `dir`, beside the mock's, with
 * `alongside` (other packages' specs) in the same `npm install`: each install costs seconds of
 * CPU however little it adds. Its dist/ is the one packAndInstall's pack just built
 * (scripts/build.ts writes both packages'), so its own `prepare` (which would build again) is skipped.
 */
export function installContract(dir: string, alongside: string[] = []): string {
  const env = cleanEnv();
  const out = execFileSync(
    'npm',
    ['pack', CONTRACT_PACKAGE, '--ignore-scripts', '--pack-destination', dir, ...NPM_QUIET],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  const tarball = out.trim().split('\n').at(-1) ?? '';
  npmInstall(dir, `./${tarball}`, ...alongside);
  return join(dir, tarball);
}

/** What an install put into a project's node_modules: each package's name, and their bytes on disk. */
export interface Footprint {
  packages: string[];
  bytes: number;
}

/** Every package under `dir`/node_modules (nested ones included) and the size of their files. */
export function footprint(dir: string): Footprint {
  const packages: string[] = [];
  let bytes = 0;
  const sizeOf = (path: string): number => {
    const stat = lstatSync(path);
    if (!stat.isDirectory()) return stat.size;
    // A package's own node_modules holds other packages, counted on their own.
    return readdirSync(path)
      .filter((name) => name !== 'node_modules')
      .reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
  };
  const visit = (modules: string): void => {
    for (const name of readdirSync(modules)) {
      if (name.startsWith('.')) continue;
      const path = join(modules, name);
      if (name.startsWith('@')) {
        for (const scoped of readdirSync(path)) record(`${name}/${scoped}`, join(path, scoped));
      } else record(name, path);
    }
  };
  const record = (name: string, path: string): void => {
    packages.push(name);
    bytes += sizeOf(path);
    if (existsSync(join(path, 'node_modules'))) visit(join(path, 'node_modules'));
  };
  visit(join(dir, 'node_modules'));
  return { packages, bytes };
}

/**
 * The node binary of another Node release line, from the registry's `node@<major>` package,
 * installed once into node_modules/.cache/; a string saying why when the registry cannot be reached.
 */
export function nodeRelease(major: number): { node: string } | { unavailable: string } {
  const prefix = join(ROOT, 'node_modules/.cache/node-releases', String(major));
  const node = join(prefix, 'node_modules/.bin/node');
  if (existsSync(node)) return { node };
  mkdirSync(prefix, { recursive: true });
  try {
    execFileSync('npm', ['install', '--prefix', prefix, ...NPM_QUIET, `node@${major}`], {
      env: cleanEnv(),
      stdio: 'pipe',
    });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim().split('\n').at(-1);
    return { unavailable: `npm could not install node@${major} from the registry: ${stderr ?? String(err)}` };
  }
  return { node };
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
