import { banner } from './banner.ts';
import { runEnginesInBackground } from './clarity/load.ts';
import { UsageError } from '../spec/command-line/declaration.ts';
import { usageLine } from '../spec/command-line/parse.ts';
import { MOCK_COMMAND, parseCli, usage } from './cli-args.ts';
import { startMockServer } from './server.ts';
import { WorldFileError } from './world/declared/plan.ts';

/**
 * `stacks-api-mock [flags]`: starts the mock and prints its banner; stops on SIGTERM or SIGINT.
 * The command line's other commands (export, event-stream, proxy) are dispatched by bin/cli.ts.
 */
export async function mockCommand(args: string[]): Promise<void> {
  let options;
  try {
    options = parseCli(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${usageLine(MOCK_COMMAND, err.message)}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const started = performance.now();
  runEnginesInBackground();
  const mock = await startMockServer(options).catch((err: NodeJS.ErrnoException) => {
    if (err instanceof WorldFileError) {
      const count = err.problems.length;
      const lines = err.problems.map((p) => `${options.world}: ${p}`);
      process.stderr.write(
        `the mock cannot start: the world file has ${count} problem${count === 1 ? '' : 's'}:\n${lines.join('\n')}\n`,
      );
      process.exit(1);
    }
    const reason = err.code === 'EADDRINUSE' ? `port ${options.port} is in use (try --port)` : err.message;
    process.stderr.write(`the mock cannot start: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(`${banner(mock.url, mock.live.queries, mock.options, performance.now() - started)}\n`);
  const stop = (signal: string): void => {
    process.stdout.write(`${signal}: shutting down\n`);
    mock.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
