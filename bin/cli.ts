// The command line of `stacks-api-mock` (and `make mock`): the mock itself, or one of the tools
// beside it. Each loads only when asked for: the mock's start does not wait for the others.
import { mockCommand } from '../mocks/cli.ts';

async function main(): Promise<void> {
  // A reader that went away (`stacks-api-mock | head`) is no reason to stop serving, or to crash
  // on the shutdown line.
  process.stdout.on('error', () => {});
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'export') {
    const { exportCommand } = await import('../mocks/export/export-command.ts');
    process.exitCode = await exportCommand(rest);
    return;
  }
  if (command === 'event-stream') {
    const { eventStreamCommand } = await import('../mocks/event-stream/event-stream-command.ts');
    process.exitCode = await eventStreamCommand(rest);
    return;
  }
  if (command === 'proxy') {
    const { runProxyCli } = await import('../proxy/cli.ts');
    return runProxyCli(rest);
  }
  return mockCommand(process.argv.slice(2));
}

void main();
