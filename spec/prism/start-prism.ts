import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { httpClient } from '../http/client.ts';
import { SPEC_PATH } from '../load.ts';

const PRISM = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));
const HOST = '127.0.0.1';
/** Prism's log is long; keep the tail, which holds the reason it failed. */
const OUTPUT_LIMIT = 16_000;

export interface RunningPrism {
  baseUrl: string;
  /** Stops Prism and everything it started; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartPrismOptions {
  specPath?: string;
  /** How long Prism may take to answer its first request. */
  timeoutMs?: number;
}

/**
 * Starts `prism mock` on a free port of 127.0.0.1 and resolves once it answers HTTP. Prism runs
 * in its own process group, so stopping it (or this process exiting) ends its children too.
 */
export async function startPrism(options: StartPrismOptions = {}): Promise<RunningPrism> {
  const { specPath = SPEC_PATH, timeoutMs = 30_000 } = options;
  const deadline = Date.now() + timeoutMs;
  // The port is free when chosen but may be taken before Prism binds it; then Prism exits and
  // another port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const prism = launch(specPath, port);
    const outcome = await waitUntilAnswering(`http://${HOST}:${port}`, prism, deadline);
    if (outcome === 'answering') return { baseUrl: `http://${HOST}:${port}`, stop: prism.stop };
    await prism.stop();
    if (outcome === 'timeout' || attempt === 3 || !/EADDRINUSE/.test(prism.output())) {
      const why = outcome === 'timeout' ? `did not answer within ${timeoutMs} ms` : 'exited';
      throw new Error(`prism mock ${specPath} ${why}; its output:\n${prism.output()}`);
    }
  }
}

interface Launched {
  exited: Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

function launch(specPath: string, port: number): Launched {
  const child = spawn(PRISM, ['mock', specPath, '-p', String(port), '-h', HOST], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', (error) => {
      output += `\n${error.message}`;
      done();
    });
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  const killOnExit = () => killGroup('SIGKILL');
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        killGroup('SIGTERM');
        const escalate = setTimeout(() => killGroup('SIGKILL'), 5_000);
        await exited;
        clearTimeout(escalate);
      }
      // Prism's own children may outlive it; the group signal reaches them too.
      killGroup('SIGKILL');
      process.off('exit', killOnExit);
    })();
    return stopping;
  };
  return { exited, output: () => output, stop };
}

async function waitUntilAnswering(
  baseUrl: string,
  prism: Launched,
  deadline: number,
): Promise<'answering' | 'exited' | 'timeout'> {
  let exited = false;
  void prism.exited.then(() => {
    exited = true;
  });
  const client = httpClient(baseUrl, { keepAlive: false, timeoutMs: 1_000 });
  while (Date.now() < deadline) {
    if (exited) return 'exited';
    try {
      // Any HTTP answer, even a 404 for `/`, means Prism has loaded the spec and is serving.
      await client.get('/');
      return 'answering';
    } catch {
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
  return 'timeout';
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
