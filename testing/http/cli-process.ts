import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliFromSources } from '../../mocks/cli-build.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

export interface CliProcess {
  child: ChildProcess;
  /** Standard output and error as they arrived, interleaved. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
}

/**
 * `npm run mock -- ARGS`, run from the repository's root from the command line's bundle
 * (mocks/cli-build.ts), with its output collected. The Clarity engine starts when a request needs
 * it (`MOCK_CLARITY=lazy`, unless `env` says otherwise): a warm start would spend seconds of CPU on
 * an engine most of these tests never read.
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  // node itself, not a wrapper: a signal must reach the server process, not a parent of it.
  const child = spawn(process.execPath, [...(await cliFromSources()), ...args], {
    cwd: ROOT,
    env: { ...process.env, MOCK_CLARITY: 'lazy', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const text = { all: '', out: '', err: '' };
  child.stdout?.on('data', (d: Buffer) => {
    text.all += d.toString();
    text.out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    text.all += d.toString();
    text.err += d.toString();
  });
  return { child, output: () => text.all, stdout: () => text.out, stderr: () => text.err };
}

/** Kills what runCli started and is still running: for an afterEach. */
export function killCliProcesses(): void {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
}

export async function waitFor(output: () => string, pattern: RegExp, ms = 20_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}; output so far:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
