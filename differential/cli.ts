import { readCommand } from '../spec/command-line/parse.ts';
import { DIFFERENTIAL_COMMAND } from './command.ts';
import type { GoldenWorld } from './golden.ts';
import { runDifferential } from './run.ts';

async function main(): Promise<number> {
  const values = readCommand(DIFFERENTIAL_COMMAND, process.argv.slice(2));
  if (typeof values === 'number') return values;
  try {
    // What was given only: the golden file keeps the world as its command line named it.
    const world: GoldenWorld = {
      ...(values.seed !== undefined && { seed: values.seed }),
      ...(values.network && { network: values.network }),
      ...(values.blocks !== undefined && { blocks: values.blocks }),
      ...(values.world && { world: values.world }),
      ...(values.deprecated && { deprecated: values.deprecated }),
    };
    const result = await runDifferential({
      realUrl: values.real.replace(/\/$/, ''),
      world,
      name: values.name,
      golden: values.golden,
      refresh: values.refresh,
      concurrency: values.concurrency,
      reportDir: values['report-dir'],
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(result.report);
    return 0;
  } catch (err) {
    process.stderr.write(`differential: ${(err as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
