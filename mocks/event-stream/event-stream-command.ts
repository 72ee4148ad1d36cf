import { createWriteStream, openSync } from 'node:fs';
import { defineCommand } from '../../spec/command-line/declaration.ts';
import { readCommand, usageLine } from '../../spec/command-line/parse.ts';
import { COMMANDS } from '../../spec/commands.ts';
import { WORLD_OPTIONS } from '../cli-args.ts';
import { withDefaults, type MockOptions } from '../options.ts';
import { WorldFileError } from '../world/declared/plan.ts';
import { writeEventStream } from './export-stream.ts';
import { StreamError } from '../world/wire/tx-bytes.ts';
import { chainOf } from './world-of.ts';
import { engineInterfaces } from './engine-interfaces.ts';
import { ReplayRefusal } from '../world/run/replay.ts';

export const EVENT_STREAM_COMMAND = defineCommand({
  name: 'event-stream',
  helpHint: 'event-stream --help',
  usage: `${COMMANDS.mockCli} event-stream --out FILE [world flags]`,
  about: [
    "Writes the mock's world as the messages a stacks-node sends its event observers, in the TSV",
    "form the real service's `import-events --file FILE --wipe-db --force` reads. The world flags",
    "and their variables are the mock's.",
  ],
  options: {
    out: { type: 'path', required: true, placeholder: 'FILE', description: 'where to write the TSV' },
    ...WORLD_OPTIONS,
  },
});

/** `npm run mock -- event-stream …`: exit 0 written, 1 the world cannot be streamed, 2 bad usage. */
export async function eventStreamCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const values = readCommand(EVENT_STREAM_COMMAND, argv, env);
  if (typeof values === 'number') return values;
  const { out } = values;
  let options: MockOptions;
  try {
    // The mock's own check of its options: what passes here, the mock would serve.
    options = withDefaults({
      seed: values.seed,
      network: values.network,
      blocks: values.blocks,
      genesisTime: values['genesis-time'],
      ...(values.world !== undefined ? { world: values.world } : {}),
    });
  } catch (err) {
    process.stderr.write(`${usageLine(EVENT_STREAM_COMMAND, (err as Error).message)}\n`);
    return 2;
  }
  try {
    const chain = await chainOf(options);
    const file = createWriteStream('', { fd: openSync(out, 'w') });
    const done = new Promise<void>((resolve, reject) => {
      file.once('finish', resolve);
      file.once('error', reject);
    });
    const interfaces = await engineInterfaces(chain);
    if (interfaces.missing)
      process.stderr.write(
        `event-stream: note: each contract's interface is read from its source (its functions' arguments only), not the Clarity engine's: ${interfaces.missing}\n`,
      );
    const counts = await writeEventStream(chain, file, interfaces.interfaceOf).finally(() =>
      interfaces.close(),
    );
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
    if (err instanceof ReplayRefusal) {
      process.stderr.write(`event-stream: the world cannot run in the Clarity engine: ${err.message}\n`);
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
