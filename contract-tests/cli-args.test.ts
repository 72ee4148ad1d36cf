import { describe, expect, it } from 'vitest';
import { CONTRACT_FLAGS, ContractUsageError, contractUsage, parseContractCli } from './cli-args.ts';
import { readConfig } from './config.ts';

describe('stacks-api-contract flags', () => {
  it('sets the variable of each flag, paths from the current directory, reports in ./reports by default', () => {
    const env = parseContractCli(
      ['--base-url', 'https://s.example.org', '--target', 't.json', '--rpm', '10', '--rate-limit-test'],
      {},
      '/home/ci',
    );
    expect(env).toEqual({
      BASE_URL: 'https://s.example.org',
      TARGET: '/home/ci/t.json',
      CONTRACT_RPM: '10',
      CONTRACT_RATE_LIMIT_TEST: '1',
      CONTRACT_REPORT_DIR: '/home/ci/reports',
    });
    const config = readConfig(env as Record<string, string>);
    expect(config).toMatchObject({
      kind: 'live',
      requestsPerMinute: 10,
      rateLimitTest: true,
      reportDir: '/home/ci/reports',
    });
  });

  it('takes the variables when a flag is not given, and a flag over its variable', () => {
    const env = parseContractCli(
      ['--max-requests', '9'],
      { API_KEY: 'k', MAX_REQUESTS: '5', CONTRACT_REPORT_DIR: 'out' },
      '/w',
    );
    expect(env).toEqual({ API_KEY: 'k', MAX_REQUESTS: '9', CONTRACT_REPORT_DIR: '/w/out' });
  });

  it('names an unknown flag, a missing value and the Prism kind', () => {
    expect(() => parseContractCli(['--base'], {}, '/w')).toThrow(ContractUsageError);
    expect(() => parseContractCli(['--base-url'], {}, '/w')).toThrow(/--base-url/);
    expect(() => parseContractCli(['--kind', 'prism'], {}, '/w')).toThrow(/make contract-prism/);
  });

  it('lists every flag with its variable in --help', () => {
    expect(parseContractCli(['--help'], {}, '/w')).toBe('help');
    for (const [name, flag] of Object.entries(CONTRACT_FLAGS)) {
      expect(contractUsage()).toContain(`--${name}`);
      expect(contractUsage()).toContain(`[${flag.env}]`);
    }
  });
});
