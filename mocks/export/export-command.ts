import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDS } from '../../spec/commands.ts';
import { ExportError, exportWorld } from './export-world.ts';

export const EXPORT_USAGE = [
  `Usage: ${COMMANDS.mockCli} export --from URL --address SP… [--address SP…] [--out FILE]`,
  '',
  '  --from URL       a running mock (e.g. http://127.0.0.1:3999)',
  '  --address SP…    an address to keep; repeatable',
  '  --out FILE       where to write the world file (default: standard output)',
].join('\n');

/** `npm run mock -- export …`: exit 0 written, 1 the mock could not be read, 2 bad usage. */
export async function exportCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        from: { type: 'string' },
        address: { type: 'string', multiple: true },
        out: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${EXPORT_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${EXPORT_USAGE}\n`);
    return 0;
  }
  if (!values.from || !values.address?.length) {
    process.stderr.write(`export needs --from and at least one --address\n\n${EXPORT_USAGE}\n`);
    return 2;
  }
  try {
    const text = await exportWorld(values.from, values.address);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    return 0;
  } catch (err) {
    if (!(err instanceof ExportError)) throw err;
    process.stderr.write(`export failed: ${err.message}\n`);
    return 1;
  }
}
