import { parseArgs } from 'node:util';
import { COMMANDS } from '../spec/commands.ts';
import { undocumentedFieldsFail } from '../spec/undeclared-fields.ts';
import { REPORT_PATH, startProxy, VIOLATIONS_HEADER } from './server.ts';

export const PROXY_USAGE = `usage: ${COMMANDS.mockCli} proxy --upstream URL --port N --report FILE [--host 127.0.0.1]

Forwards every request to URL unchanged and answers with the upstream's answer unchanged, plus
the header ${VIOLATIONS_HEADER}: <count>. Each spec violation is one JSON line in FILE (emptied
at start); GET ${REPORT_PATH} summarises them per operation and rule. Fields the spec does not
declare are reported as drift; UNDOCUMENTED_FIELDS=fail makes them violations.`;

class ProxyUsageError extends Error {}

function options(argv: string[]): {
  upstream: URL;
  port: number;
  host: string;
  reportFile: string;
  undocumentedFieldsFail: boolean;
} {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string' },
        report: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new ProxyUsageError((err as Error).message);
  }
  const missing = ['upstream', 'port', 'report'].filter((name) => !values[name as keyof typeof values]);
  if (missing.length > 0) throw new ProxyUsageError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
  let upstream: URL;
  try {
    upstream = new URL(values.upstream!);
  } catch {
    throw new ProxyUsageError(`--upstream ${values.upstream}: not a URL (e.g. http://127.0.0.1:3999)`);
  }
  if (!/^https?:$/.test(upstream.protocol))
    throw new ProxyUsageError(`--upstream ${values.upstream}: use http:// or https://`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ProxyUsageError(`--port ${values.port}: a port number from 0 to 65535`);
  }
  let strict: boolean;
  try {
    strict = undocumentedFieldsFail();
  } catch (err) {
    throw new ProxyUsageError((err as Error).message);
  }
  return { upstream, port, host: values.host!, reportFile: values.report!, undocumentedFieldsFail: strict };
}

/** `npm run mock -- proxy ...`: starts the proxy until SIGINT or SIGTERM. */
export async function runProxyCli(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${PROXY_USAGE}\n`);
    return;
  }
  let parsed;
  try {
    parsed = options(argv);
  } catch (err) {
    if (!(err instanceof ProxyUsageError)) throw err;
    process.stderr.write(`proxy: ${err.message}; see proxy --help\n`);
    process.exit(2);
  }
  const proxy = await startProxy(parsed).catch((err: NodeJS.ErrnoException) => {
    const reason = err.code === 'EADDRINUSE' ? `port ${parsed.port} is in use (try --port)` : err.message;
    process.stderr.write(`the proxy cannot start: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(
    `validating proxy on ${proxy.url} → ${parsed.upstream.href}\nviolations: ${parsed.reportFile}; summary: ${proxy.url}${REPORT_PATH}\n`,
  );
  const stop = (signal: string): void => {
    process.stdout.write(`${signal}: shutting down\n`);
    proxy.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
