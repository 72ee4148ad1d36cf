import type { CommandSpec, OptionSpec, Values } from '../../spec/command-line/declaration.ts';
import { readCommand } from '../../spec/command-line/parse.ts';
import type { LoadSettings } from './load.ts';

/**
 * The flags of a bench that measures load (bench/lib/load.ts), declared once for every such bench:
 * the warm-up before each measure and the seconds measured.
 */
export const LOAD_OPTIONS = {
  'warmup-seconds': {
    type: 'integer',
    env: 'BENCH_WARMUP_SECONDS',
    max: 600,
    default: 2,
    description: 'seconds of load before each measure',
  },
  seconds: {
    type: 'integer',
    env: 'BENCH_SECONDS',
    max: 600,
    default: 8,
    description: 'seconds of each measure',
  },
} as const satisfies Record<string, OptionSpec>;

/** The load a bench drives with `connections`, from its LOAD_OPTIONS flags. */
export function loadSettings(
  given: { 'warmup-seconds': number; seconds: number },
  connections: number,
): LoadSettings {
  return { connections, warmupSeconds: given['warmup-seconds'], seconds: given.seconds };
}

/**
 * A bench's settings, from its flags and their variables (`BENCH_SECONDS=30 npx tsx …` as
 * `--seconds 30`); `--help` or a mistake's one line ends the process, so a typo never runs for hours.
 */
export function benchSettings<C extends CommandSpec>(command: C): Values<C> {
  const values = readCommand(command, process.argv.slice(2));
  if (typeof values === 'number') process.exit(values);
  return values;
}

/** Ends this process (and so, through their exit hooks, the children it started) on Ctrl-C or a kill. */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping\n`);
      process.exit(130);
    });
  }
}
