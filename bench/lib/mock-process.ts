import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliFromSources } from '../../mocks/cli-build.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI's first line; with `--port 0` it names the port the server really bound. */
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const OUTPUT_LIMIT = 16_000;

export interface MockProcess {
  url: string;
  /** The server's own process (node, not a wrapper): its /proc entry is the mock's memory and files. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the mock's command line (its bundle, mocks/cli-build.ts) in its own process (so its event
 * loop and heap are not the load generator's) and resolves with its URL. The child runs in its own
 * process group; stopping it, a failed start and this process exiting all end the group.
 */
export async function startMockProcess(args: string[], timeoutMs = 120_000): Promise<MockProcess> {
  return startNodeProcess(
    await cliFromSources(),
    ['--port', '0', '--host', '127.0.0.1', ...args],
    'bin/cli.ts',
    timeoutMs,
  );
}

/** Any server script of the project that prints `listening on http://127.0.0.1:<port>` once it listens. */
export function startServerProcess(
  script: string,
  args: string[],
  timeoutMs = 120_000,
): Promise<MockProcess> {
  return startNodeProcess(['--import', 'tsx', script], args, script, timeoutMs);
}

/** `node <start> <args>`, `script` naming it in errors. */
async function startNodeProcess(
  start: string[],
  args: string[],
  script: string,
  timeoutMs: number,
): Promise<MockProcess> {
  // node itself, not a wrapper, so the signal reaches the server.
  const child = spawn(process.execPath, [...start, ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  const killOnExit = (): void => kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      kill('SIGTERM');
      const escalate = setTimeout(() => kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(escalate);
    }
    process.off('exit', killOnExit);
  };

  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    const match = output.match(LISTENING);
    if (match) return { url: match[1] as string, pid: child.pid as number, stop };
    await new Promise((wait) => setTimeout(wait, 50));
  }
  await stop();
  throw new Error(
    `${script} ${gone ? 'exited' : `did not start within ${timeoutMs} ms`}; its output:\n${output}`,
  );
}
