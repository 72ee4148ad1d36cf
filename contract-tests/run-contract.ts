import { startVitest } from 'vitest/node';
import { ROOT } from './config.ts';
import { contractProjectSettings } from './project.ts';
import ContractReporter from './report/contract-reporter.ts';

/**
 * Runs the contract project through vitest's Node API, from the sources (`ts`) or the installed
 * package (`js`), with the environment already set; resolves to the exit code: 0 when every test
 * passed. `inProcessMock`: the file that hands the suite its in-process mock, if it has one;
 * `filters`: only the test files they name, as vitest's own (cli-args.ts), else all.
 */
export async function runContractSuite(inProcessMock?: string, filters: string[] = []): Promise<number> {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const vitest = await startVitest('test', filters, {
    config: false,
    root: ROOT,
    watch: false,
    // Nothing written inside the installed package, which may be read-only (the Docker image).
    cache: false,
    ...contractProjectSettings(ext, inProcessMock),
    reporters: ['default', new ContractReporter()],
  });
  await vitest.close();
  return process.exitCode === undefined || process.exitCode === 0 ? 0 : Number(process.exitCode);
}
