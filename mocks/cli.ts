import { banner } from './banner.ts';
import { parseCli, usage, UsageError } from './cli-args.ts';
import { startMockServer } from './server.ts';

async function main(): Promise<void> {
  if (process.argv[2] === 'proxy') {
    const { runProxyCli } = await import('../proxy/cli.ts');
    return runProxyCli(process.argv.slice(3));
  }
  let options;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}; see --help\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const started = performance.now();
  const mock = await startMockServer(options).catch((err: NodeJS.ErrnoException) => {
    const reason = err.code === 'EADDRINUSE' ? `port ${options.port} is in use (try --port)` : err.message;
    process.stderr.write(`the mock cannot start: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(`${banner(mock.url, mock.world, options, performance.now() - started)}\n`);
  const stop = (signal: string): void => {
    process.stdout.write(`${signal}: shutting down\n`);
    mock.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
