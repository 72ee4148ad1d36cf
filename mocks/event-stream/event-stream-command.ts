import { createWriteStream, openSync } from 'node:fs';
import { parseCli, UsageError } from '../cli-args.ts';
import { COMMANDS } from '../../spec/commands.ts';
import { WorldFileError } from '../world/declared/plan.ts';
import { writeEventStream } from './export-stream.ts';
import { StreamError } from '../serialize/raw-tx.ts';
import { chainOf } from './world-of.ts';

export const EVENT_STREAM_USAGE = [
  `Usage: ${COMMANDS.mockCli} event-stream --out FILE [--seed N] [--network mainnet|testnet] [--blocks N] [--world FILE] [--genesis-time T]`,
  '',
  "  Writes the mock's world as the messages a stacks-node sends its event observers, in the TSV",
  "  form the real service's `import-events --file FILE --wipe-db --force` reads.",
  '',
  '  --out FILE         where to write the TSV (required)',
  '  --seed, --network, --blocks, --world, --genesis-time   the world, as for the mock (see --help of the mock)',
].join('\n');

const WORLD_FLAGS = ['seed', 'network', 'blocks', 'world', 'genesis-time'] as const;

/** `npm run mock -- event-stream …`: exit 0 written, 1 the world cannot be streamed, 2 bad usage. */
export async function eventStreamCommand(argv: string[]): Promise<number> {
  // Read by hand, not by parseArgs: the world flags are the mock's, so `--seed -1` gets the mock's words.
  let out: string | undefined;
  const worldArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help') {
      process.stdout.write(`${EVENT_STREAM_USAGE}\n`);
      return 0;
    }
    if (arg === '--out') out = argv[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else {
      const flag = /^--([^=]+)/.exec(arg)?.[1];
      if (flag !== undefined && !(WORLD_FLAGS as readonly string[]).includes(flag))
        return usageError(`unknown flag --${flag}: event-stream takes --out and the world flags`);
      worldArgs.push(arg);
    }
  }
  if (out === undefined || out === '') return usageError('event-stream needs --out FILE');
  let options;
  try {
    options = parseCli(worldArgs);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageError(err.message);
  }
  if (options === 'help') return usageError('--help takes no value');
  try {
    const chain = chainOf(options);
    const file = createWriteStream('', { fd: openSync(out, 'w') });
    const done = new Promise<void>((resolve, reject) => {
      file.once('finish', resolve);
      file.once('error', reject);
    });
    const counts = await writeEventStream(chain, file);
    file.end();
    await done;
    const lines = Object.entries(counts).map(([path, n]) => `${n} ${path}`);
    process.stderr.write(`event-stream: wrote ${out} (${lines.join(', ')})\n`);
    if (chain.vesting.size > 0)
      process.stderr.write(
        `event-stream: note: ${chain.vesting.size} accounts have a vesting schedule (token_offering_locked), which no event carries: the real service reads it only from its genesis chainstate file\n`,
      );
    return 0;
  } catch (err) {
    if (err instanceof WorldFileError) {
      process.stderr.write(
        `event-stream: the world file has problems:\n${err.problems.map((p) => `${options.world}: ${p}`).join('\n')}\n`,
      );
      return 1;
    }
    if (err instanceof StreamError) {
      process.stderr.write(`event-stream: the world cannot be streamed: ${err.message}\n`);
      return 1;
    }
    if ((err as NodeJS.ErrnoException).code) {
      process.stderr.write(`event-stream: cannot write ${out}: ${(err as Error).message}\n`);
      return 1;
    }
    throw err;
  }
}

function usageError(message: string): number {
  process.stderr.write(`${message}\n\n${EVENT_STREAM_USAGE}\n`);
  return 2;
}
