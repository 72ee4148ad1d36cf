import { defineCommand } from '../spec/command-line/declaration.ts';
import { readCommand, usageLine } from '../spec/command-line/parse.ts';
import { COMMANDS } from '../spec/commands.ts';
import { undocumentedFieldsFail } from '../spec/undeclared-fields.ts';
import { REPORT_PATH, startProxy, VIOLATIONS_HEADER } from './server.ts';

export const PROXY_COMMAND = defineCommand({
  name: 'proxy',
  helpHint: 'proxy --help',
  usage: `${COMMANDS.mockCli} proxy --upstream URL --port N --report FILE [--host 127.0.0.1]`,
  about: [
    "Forwards every request to URL unchanged and answers with the upstream's answer unchanged, plus",
    `the header ${VIOLATIONS_HEADER}: <count>. Each spec violation is one JSON line in FILE (emptied`,
    `at start); GET ${REPORT_PATH} summarises them per operation and rule. Fields the spec does not`,
    'declare are reported as drift; UNDOCUMENTED_FIELDS=fail makes them violations.',
  ],
  options: {
    upstream: {
      type: 'string',
      required: true,
      placeholder: 'URL',
      valid: {
        test: (v) => /^https?:\/\/[^/]/.test(v) && URL.canParse(v),
        needs: 'an http:// or https:// URL',
      },
      description: 'the server to forward to (e.g. http://127.0.0.1:3999)',
    },
    port: {
      type: 'integer',
      required: true,
      max: 65535,
      description: 'port to listen on (0 = any free port)',
    },
    report: {
      type: 'path',
      required: true,
      placeholder: 'FILE',
      description: 'where each violation goes, one JSON line each',
    },
    host: { type: 'string', default: '127.0.0.1', description: 'address to bind' },
  },
});

/** `npm run mock -- proxy ...`: starts the proxy until SIGINT or SIGTERM. */
export async function runProxyCli(argv: string[]): Promise<void> {
  const values = readCommand(PROXY_COMMAND, argv);
  if (typeof values === 'number') process.exit(values);
  let strict: boolean;
  try {
    strict = undocumentedFieldsFail();
  } catch (err) {
    process.stderr.write(`${usageLine(PROXY_COMMAND, (err as Error).message)}\n`);
    process.exit(2);
  }
  const parsed = {
    upstream: new URL(values.upstream),
    port: values.port,
    host: values.host,
    reportFile: values.report,
    undocumentedFieldsFail: strict,
  };
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
