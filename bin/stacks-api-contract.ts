#!/usr/bin/env node
// The installed package's `stacks-api-contract` command: the suite of `make contract`, flags or env.
import { ConfigError, readConfig } from '../contract-tests/config.ts';
import { CONTRACT_COMMAND, parseContractCli, unmatchedFilters } from '../contract-tests/cli-args.ts';
import { reportDeprecatedCommand } from '../contract-tests/deprecated-usage.ts';
import { UsageError } from '../spec/command-line/declaration.ts';
import { helpText } from '../spec/command-line/help.ts';
import { usageLine } from '../spec/command-line/parse.ts';

const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
let settings;
try {
  settings = parseContractCli(process.argv.slice(2));
  if (settings !== 'help' && settings.env.CONTRACT_REPORT_DEPRECATED) {
    // A report on recorded traffic: no target, no run.
    const { code, text } = reportDeprecatedCommand(settings.env);
    (code === 0 ? process.stdout : process.stderr).write(`${text}\n`);
    process.exit(code);
  }
  if (settings !== 'help') {
    readConfig({ ...process.env, ...settings.env });
    const [unmatched] = unmatchedFilters(settings.filters, ext);
    if (unmatched !== undefined)
      throw new UsageError(
        `no test file of the suite matches "${unmatched}" (e.g. every-operation, get_block)`,
      );
  }
} catch (err) {
  if (!(err instanceof UsageError || err instanceof ConfigError)) throw err;
  // A flag it does not know, or a setting it cannot run with: the one line that says so.
  process.stderr.write(`${usageLine(CONTRACT_COMMAND, err.message)}\n`);
  process.exit(2);
}
if (settings === 'help') {
  process.stdout.write(`${helpText(CONTRACT_COMMAND)}\n`);
} else {
  Object.assign(process.env, settings.env);
  // Loaded only for a run: vitest's Node API is most of what --help, a mistake's line or
  // --report-deprecated would otherwise load.
  const { runContractSuite } = await import('../contract-tests/run-contract.ts');
  process.exit(await runContractSuite(`./bin/in-process-mock.${ext}`, settings.filters));
}
