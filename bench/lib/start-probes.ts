import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listeningUrl, ROOT, runIn, stop } from '../../packaging/install-package.ts';
import { httpClient } from '../../spec/http/client.ts';
import { SPEC_PATH } from '../../spec/load.ts';
import { procCpuMs } from './proc-stats.ts';

/**
 * The probes of bench/first-answer.ts. Each times one start from outside, from the moment its
 * process is spawned (or its function called), so the figures sit side by side.
 */

/**
 * A start's wall-clock time, and the CPU time the started process spent in it (user + system):
 * on a machine shared with other work the first stretches with the load, the second much less.
 */
export interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** `node -e 0`: node's own boot and exit, the floor under any command written in JavaScript. */
export function nodeBoot(node: string = process.execPath): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    // `node -e 0` but for its CPU time, read as it ends: what is left after it (exiting) is tiny.
    const child = spawn(node, [
      '-e',
      'const u = process.cpuUsage(); console.log((u.user + u.system) / 1000)',
    ]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve({ wallMs: performance.now() - began, cpuMs: Number(out) })
        : reject(new Error(`node -e exited ${code}`)),
    );
  });
}

/** The installed `stacks-api-mock` on `node`, default world, from spawn to its first 200 on GET /extended. */
export async function cliFirstAnswer(dir: string, node: string = process.execPath): Promise<Timing> {
  const bin = join(dir, 'node_modules/stacks-api-mock/dist/bin/stacks-api-mock.cjs');
  const began = performance.now();
  const mock = runIn(dir, node, [bin, '--port', '0', '--quiet']);
  try {
    await expectOk(await listeningUrl(mock, 60_000));
    const wallMs = performance.now() - began;
    return { wallMs, cpuMs: procCpuMs(mock.child.pid as number) };
  } finally {
    await stop(mock);
  }
}

export interface WarmStart {
  /** `await import('stacks-api-mock')` in a fresh process. */
  import: Timing;
  /** Each `startMock({ port: 0, quiet: true })` from call to listening, one after the other, each closed before the next. */
  calls: Timing[];
}

/**
 * Run with `node --input-type=module -e` in the project where the package is installed, so that
 * `stacks-api-mock` resolves as a user's import does. Each mock must answer GET /extended with a
 * 200 before it is closed; the time stops at listening, when startMock resolves. It asks with
 * fetch: the project has the package only, not this repository's HTTP client.
 */
function warmChild(calls: number): string {
  return `
const cpuMs = (since) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };
let wall = performance.now();
let cpu = process.cpuUsage();
const { startMock } = await import('stacks-api-mock');
const imported = { wallMs: performance.now() - wall, cpuMs: cpuMs(cpu) };
const calls = [];
for (let i = 0; i < ${calls}; i++) {
  wall = performance.now();
  cpu = process.cpuUsage();
  const mock = await startMock({ port: 0, quiet: true });
  calls.push({ wallMs: performance.now() - wall, cpuMs: cpuMs(cpu) });
  const res = await fetch(mock.url + '/extended');
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('GET /extended answered ' + res.status);
  await mock.close();
}
process.stdout.write(JSON.stringify({ import: imported, calls }) + '\\n');
`;
}

/** `startMock` in a process that has imported the package: the first call, then `calls - 1` more. */
export async function warmStart(dir: string, calls: number): Promise<WarmStart> {
  const run = runIn(dir, process.execPath, ['--input-type=module', '-e', warmChild(calls)]);
  const code = await run.closed;
  const last = run.output().trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`the startMock probe failed:\n${run.output()}`);
  return JSON.parse(last) as WarmStart;
}

/** `prism mock spec/openapi.yaml`, from spawn to its first 200 on GET /extended (for reference; wall-clock only, Prism runs as several processes). */
export async function prismFirstAnswerMs(): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const prism = runIn(ROOT, join(ROOT, 'node_modules/.bin/prism'), [
    'mock',
    SPEC_PATH,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
  ]);
  const client = httpClient(`http://127.0.0.1:${port}`, { keepAlive: false });
  try {
    for (;;) {
      if (prism.child.exitCode !== null) throw new Error(`prism exited:\n${prism.output()}`);
      const status = await client.get('/extended').then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return performance.now() - began;
      if (performance.now() - began > 60_000) throw new Error(`prism did not answer:\n${prism.output()}`);
      await new Promise((wait) => setTimeout(wait, 5));
    }
  } finally {
    await stop(prism);
  }
}

/** A 200 on GET /extended from the server at `baseUrl`, or an error saying what it answered. */
async function expectOk(baseUrl: string): Promise<void> {
  const res = await httpClient(baseUrl, { keepAlive: false }).get('/extended');
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/extended answered ${res.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
