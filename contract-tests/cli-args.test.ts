import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { UsageError } from '../spec/command-line/declaration.ts';
import { helpText } from '../spec/command-line/help.ts';
import {
  CONTRACT_COMMAND,
  INTERNAL_VARIABLES,
  parseContractCli,
  unmatchedFilters,
  type ContractCli,
} from './cli-args.ts';
import { readConfig } from './config.ts';

describe('stacks-api-contract flags', () => {
  it('has a flag for every variable the suite reads, each listed by --help with its variable', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = new Set(
      [...source.matchAll(/\benv(?:\.|, ')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] as string),
    );
    expect(read.size).toBeGreaterThan(10);
    const flagged = Object.values(CONTRACT_COMMAND.options).map((f) => f.env);
    for (const name of read)
      if (!INTERNAL_VARIABLES.includes(name)) expect(flagged, `${name} has no flag`).toContain(name);
    const help = helpText(CONTRACT_COMMAND);
    for (const [flag, { env }] of Object.entries(CONTRACT_COMMAND.options)) {
      expect(help).toMatch(new RegExp(`--${flag}\\b.*\\[${env}\\]`));
    }
  });

  it('--explore and --seed replay an exploration; --key-required and --invalid-key-rejected describe the target', () => {
    const { env } = parseContractCli(
      ['--explore', '40', '--seed', '7', '--key-required', '1', '--invalid-key-rejected', '0'],
      {},
      '/w',
    ) as ContractCli;
    expect(readConfig(env)).toMatchObject({
      exploreCases: 40,
      seed: 7,
      auth: { keyRequired: true, invalidKeyRejected: false },
    });
  });

  it('refuses a target file that does not exist in one line naming it', () => {
    expect(() => readConfig({ TARGET: '/nowhere/staging.json' })).toThrow(
      /^the target file \/nowhere\/staging\.json does not exist \(TARGET, or --target\)/,
    );
  });

  it('sets the variable of each flag, paths from the current directory, reports in ./reports by default', () => {
    const { env, filters } = parseContractCli(
      ['--base-url', 'https://s.example.org', '--target', 't.json', '--rpm', '10', '--rate-limit-test'],
      {},
      '/home/ci',
    ) as ContractCli;
    expect(filters).toEqual([]);
    expect(env).toEqual({
      BASE_URL: 'https://s.example.org',
      TARGET: '/home/ci/t.json',
      CONTRACT_RPM: '10',
      CONTRACT_RATE_LIMIT_TEST: '1',
      CONTRACT_REPORT_DIR: '/home/ci/reports',
    });
    // Without TARGET: /home/ci/t.json does not exist, and readConfig refuses a missing target file.
    const config = readConfig({ ...env, TARGET: '' });
    expect(config).toMatchObject({
      kind: 'live',
      requestsPerMinute: 10,
      rateLimitTest: true,
      reportDir: '/home/ci/reports',
    });
  });

  it('takes the variables when a flag is not given, and a flag over its variable', () => {
    const { env } = parseContractCli(
      ['--max-requests', '9'],
      { API_KEY: 'k', MAX_REQUESTS: '5', CONTRACT_REPORT_DIR: 'out' },
      '/w',
    ) as ContractCli;
    expect(env).toEqual({ API_KEY: 'k', MAX_REQUESTS: '9', CONTRACT_REPORT_DIR: '/w/out' });
  });

  it('names an unknown flag, a missing value and the Prism kind', () => {
    expect(() => parseContractCli(['--base'], {}, '/w')).toThrow(new UsageError('unknown flag --base'));
    expect(() => parseContractCli(['--base-url'], {}, '/w')).toThrow(
      new UsageError('--base-url needs a value, got nothing'),
    );
    expect(() => parseContractCli(['--kind', 'prism'], {}, '/w')).toThrow(/make contract-prism/);
  });

  it('takes the test files to run as arguments, as vitest does, and lists them in --help', () => {
    expect(parseContractCli(['every-operation', '--rpm', '0', 'get_block'], {}, '/w')).toEqual({
      env: { CONTRACT_RPM: '0', CONTRACT_REPORT_DIR: '/w/reports' },
      filters: ['every-operation', 'get_block'],
    });
    expect(unmatchedFilters(['every-operation', 'OPERATIONS/get_block', 'no-such-file'], 'ts')).toEqual([
      'no-such-file',
    ]);
    expect(helpText(CONTRACT_COMMAND)).toMatch(/^ {2}FILTER\.\.\. +run only the test files/m);
  });

  it('lists every flag with its variable in --help', () => {
    expect(parseContractCli(['--help'], {}, '/w')).toBe('help');
    for (const [name, flag] of Object.entries(CONTRACT_COMMAND.options)) {
      expect(helpText(CONTRACT_COMMAND)).toContain(`--${name}`);
      expect(helpText(CONTRACT_COMMAND)).toContain(`[${flag.env}]`);
    }
  });
});
