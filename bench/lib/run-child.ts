import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT_LIMIT = 16_000;

/**
 * Runs `node <nodeArgs> <script> <args>` from the project root to its end and resolves with the
 * last line it printed. The child is killed when it overruns timeoutMs and when this process exits.
 */
export function runNodeChild(
  nodeArgs: string[],
  script: string,
  args: string[],
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-OUTPUT_LIMIT)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-OUTPUT_LIMIT)));
    const kill = (): void => void child.kill('SIGKILL');
    process.once('exit', kill);
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeoutMs} ms)`;
      kill();
    }, timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('exit', kill);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last) resolve(last);
      else
        reject(new Error(`${script} ${args.join(' ')} ended with ${signal ?? `code ${code}`}:\n${stderr}`));
    });
  });
}
