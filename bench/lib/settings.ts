import type { CommandSpec, Values } from '../../spec/command-line/declaration.ts';
import { readCommand } from '../../spec/command-line/parse.ts';

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
