import { createWriteStream, openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseCli, UsageError } from '../cli-args.ts';
import { worldOptionsOf } from '../options.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { readWorldFile } from '../world/declared/read-world-file.ts';
import { WorldFileError } from '../world/declared/plan.ts';
import { resolveOptions } from '../world/options.ts';
import { writeEventStream } from './export-stream.ts';
import { StreamError } from './raw-tx.ts';

export const EVENT_STREAM_USAGE = [
  'Usage: npm run mock -- event-stream --out FILE [--seed N] [--network mainnet|testnet] [--blocks N] [--world FILE] [--genesis-time T]',
  '       stacks-api-mock event-stream --out FILE [the same flags]',
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
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        out: { type: 'string' },
        help: { type: 'boolean' },
        ...Object.fromEntries(WORLD_FLAGS.map((f) => [f, { type: 'string' as const }])),
      },
    }));
  } catch (err) {
    return usageError((err as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${EVENT_STREAM_USAGE}\n`);
    return 0;
  }
  if (typeof values.out !== 'string') return usageError('event-stream needs --out FILE');
  let options;
  try {
    const worldArgs = WORLD_FLAGS.flatMap((f) =>
      values[f] === undefined ? [] : [`--${f}`, String(values[f])],
    );
    options = parseCli(worldArgs);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageError(err.message);
  }
  if (options === 'help') return usageError('--help takes no value');
  try {
    let world = worldOptionsOf(options);
    if (options.world) {
      const file = readWorldFile(options.world, {
        seed: options.seed,
        network: options.network,
        blocks: options.blocks,
      });
      world = { ...world, ...file.settings, declared: file.declared };
    }
    const chain = buildChain(resolveOptions(world));
    const out = createWriteStream('', { fd: openSync(values.out, 'w') });
    const done = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
    });
    const counts = await writeEventStream(chain, out);
    out.end();
    await done;
    const lines = Object.entries(counts).map(([path, n]) => `${n} ${path}`);
    process.stderr.write(`event-stream: wrote ${String(values.out)} (${lines.join(', ')})\n`);
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
      process.stderr.write(`event-stream: cannot write ${String(values.out)}: ${(err as Error).message}\n`);
      return 1;
    }
    throw err;
  }
}

function usageError(message: string): number {
  process.stderr.write(`${message}\n\n${EVENT_STREAM_USAGE}\n`);
  return 2;
}
