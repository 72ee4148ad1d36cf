import { writeFileSync } from 'node:fs';
import { defineCommand } from '../../spec/command-line/declaration.ts';
import { readCommand } from '../../spec/command-line/parse.ts';
import { COMMANDS } from '../../spec/commands.ts';
import { ExportError, exportWorld } from './export-world.ts';

export const EXPORT_COMMAND = defineCommand({
  name: 'export',
  helpHint: 'export --help',
  usage: `${COMMANDS.mockCli} export --from URL --address SP… [--address SP…] [--out FILE]`,
  about: ['A world file (for --world) from what a running mock answers for those addresses.'],
  options: {
    from: {
      type: 'string',
      required: true,
      placeholder: 'URL',
      description: 'a running mock (e.g. http://127.0.0.1:3999)',
    },
    address: { type: 'list', required: true, placeholder: 'SP…', description: 'an address to keep' },
    out: {
      type: 'path',
      placeholder: 'FILE',
      description: 'where to write the world file (default: standard output)',
    },
  },
});

/** `npm run mock -- export …`: exit 0 written, 1 the mock could not be read, 2 bad usage. */
export async function exportCommand(argv: string[]): Promise<number> {
  const values = readCommand(EXPORT_COMMAND, argv, {});
  if (typeof values === 'number') return values;
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
