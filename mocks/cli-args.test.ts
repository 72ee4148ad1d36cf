import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../spec/command-line/declaration.ts';
import { MOCK_COMMAND, parseCli, usage } from './cli-args.ts';
import { resolveOptions } from './world/options.ts';
import { tempDir } from '../testing/temp-dir.ts';

describe('mock flags and environment', () => {
  const dir = tempDir('keys-');

  it('defaults to the real service port on loopback, a fixed seed and no rate limit', () => {
    const o = parseCli([], {});
    if (o === 'help') throw new Error('unexpected help');
    expect(o).toMatchObject({
      port: 3999,
      host: '127.0.0.1',
      seed: 1,
      network: 'mainnet',
      rateLimit: 0,
      rateLimitKey: 0,
      apiKeys: [],
      requireApiKey: false,
      quiet: false,
      trustProxy: false,
      latencyMs: 0,
      faultRate: 0,
      clarity: 'warm',
    });
  });

  it('--clarity lazy (or MOCK_CLARITY=lazy) leaves the engine until a request needs it; another value is one line', () => {
    expect(parseCli(['--clarity', 'lazy'], {})).toMatchObject({ clarity: 'lazy' });
    expect(parseCli([], { MOCK_CLARITY: 'lazy' })).toMatchObject({ clarity: 'lazy' });
    expect(() => parseCli(['--clarity', 'cold'], {})).toThrow(UsageError);
  });

  it('--rate-limit hosted (or MOCK_RATE_LIMIT=hosted) emulates the hosted gateway: 50 a minute per IP, 500 per key', () => {
    expect(parseCli(['--rate-limit', 'hosted'], {})).toMatchObject({ rateLimit: 50, rateLimitKey: 500 });
    expect(parseCli([], { MOCK_RATE_LIMIT: 'hosted' })).toMatchObject({ rateLimit: 50, rateLimitKey: 500 });
    expect(parseCli(['--rate-limit', 'hosted', '--rate-limit-key', '20'], {})).toMatchObject({
      rateLimit: 50,
      rateLimitKey: 20,
    });
    expect(parseCli(['--rate-limit', '7'], {})).toMatchObject({ rateLimit: 7, rateLimitKey: 0 });
  });

  it('reads the living chain flags: a block time, a genesis time, recent times, a control token', () => {
    const o = parseCli(
      ['--block-time', '2', '--genesis-time', '1700000000', '--recent', '--control-token', 'sesame-1234'],
      {},
    );
    expect(o).toMatchObject({
      blockTime: 2,
      genesisTime: 1700000000,
      recent: true,
      controlToken: 'sesame-1234',
    });
    expect(parseCli([], { MOCK_BLOCK_TIME: '5' })).toMatchObject({ blockTime: 5, recent: false });
    expect(() => parseCli(['--block-time', '-1'], {})).toThrow(
      '--block-time needs a non-negative integer, got "-1"',
    );
  });

  it('reads every flag', () => {
    const o = parseCli(
      [
        '--port',
        '4000',
        '--host',
        '0.0.0.0',
        '--seed',
        '7',
        '--network',
        'testnet',
        '--blocks',
        '60',
        '--api-key',
        'a',
        '--api-key',
        'b',
        '--require-api-key',
        '--rate-limit',
        '0',
        '--rate-limit-key',
        '9',
        '--latency',
        '5',
        '--fault-rate',
        '0.25',
        '--quiet',
        '--trust-proxy',
      ],
      {},
    );
    expect(o).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      seed: 7,
      network: 'testnet',
      blocks: 60,
      apiKeys: ['a', 'b'],
      requireApiKey: true,
      rateLimit: 0,
      rateLimitKey: 9,
      latencyMs: 5,
      faultRate: 0.25,
      quiet: true,
      trustProxy: true,
    });
  });

  it('takes each flag from its environment variable, and the flag wins over it', () => {
    const env = {
      MOCK_PORT: '4001',
      MOCK_SEED: '3',
      MOCK_API_KEYS: 'x, y',
      MOCK_QUIET: 'true',
      MOCK_FAULT_RATE: '0.5',
    };
    expect(parseCli([], env)).toMatchObject({
      port: 4001,
      seed: 3,
      apiKeys: ['x', 'y'],
      quiet: true,
      faultRate: 0.5,
    });
    expect(parseCli(['--port', '4002'], env)).toMatchObject({ port: 4002 });
  });

  it('reads keys from a file so they stay off the command line', () => {
    const file = join(dir, 'keys.txt');
    writeFileSync(file, '# staging keys\nk1\n\nk2\n');
    expect(parseCli(['--api-key-file', file], {})).toMatchObject({ apiKeys: ['k1', 'k2'] });
    expect(() => parseCli(['--api-key-file', '/nonexistent/keys'], {})).toThrow(UsageError);
  });

  it.each([
    [['--port', 'abc'], '--port needs an integer from 0 to 65535, got "abc"'],
    [['--port', '99999'], '--port needs an integer from 0 to 65535, got "99999"'],
    [['--network', 'devnet'], '--network needs one of mainnet, testnet, got "devnet"'],
    [['--fault-rate', '2'], '--fault-rate needs a number from 0 to 1, got "2"'],
    [['--blocks', '3'], '--blocks needs an integer of at least 60, got "3"'],
    [['--blocks', '59'], '--blocks needs an integer of at least 60, got "59"'],
    [['--seed', '-1'], '--seed needs a non-negative integer, got "-1"'],
    [['--seed=-1'], '--seed needs a non-negative integer, got "-1"'],
    [['--rate-limit', '-5'], '--rate-limit needs a non-negative integer or hosted, got "-5"'],
    [['--seed'], '--seed needs a non-negative integer, got nothing'],
    [['--quiet=yes'], '--quiet takes no value, got "yes"'],
    [['--unknown'], 'unknown flag --unknown'],
    [['--seeed', '7'], 'unknown flag --seeed (did you mean --seed?)'],
    [['--api-verison=8.11.6'], 'unknown flag --api-verison (did you mean --api-version?)'],
    [['--ratelimit', '0'], 'unknown flag --ratelimit (did you mean --rate-limit?)'],
    [['7'], 'unexpected argument "7"'],
  ])('refuses %j with one line in the same words for every flag', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(new UsageError(message));
  });

  it('answers as the release --api-version or MOCK_API_VERSION names, 9.0.2 by default; rehearses the sunset', () => {
    const pick = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const o = parseCli(argv, env);
      if (o === 'help') throw new Error('unexpected help');
      return [o.apiVersion, o.deprecated, o.deprecationHeaders];
    };
    expect(pick([])).toEqual(['9.0.2', 'warn', false]);
    expect(pick(['--api-version', '8.11.6'])).toEqual(['8.11.6', 'warn', false]);
    expect(pick([], { MOCK_API_VERSION: '8.11.6', MOCK_DEPRECATED: 'gone' })).toEqual([
      '8.11.6',
      'gone',
      false,
    ]);
    expect(pick(['--deprecated', 'gone:get_account_balance', '--deprecation-headers'])).toEqual([
      '9.0.2',
      'gone:get_account_balance',
      true,
    ]);
    expect(() => parseCli(['--api-version', '9.1.0'], {})).toThrow(
      new UsageError('--api-version needs one of 9.0.2, 8.11.6, got "9.1.0"'),
    );
    expect(() =>
      parseCli(['--api-version', '8.11.6', '--deprecated', 'gone:get_address_transaction_events'], {}),
    ).toThrow(
      new UsageError(
        '--deprecated gone: get_address_transaction_events is not deprecated in this release; deprecated: get_account_transactions_with_transfers, get_account_balance, get_single_transaction_with_transfers',
      ),
    );
  });

  it('refuses a bad environment value, naming the variable', () => {
    expect(() => parseCli([], { MOCK_QUIET: 'maybe' })).toThrow(
      new UsageError('MOCK_QUIET needs true or false, got "maybe"'),
    );
    expect(() => parseCli([], { MOCK_SEED: '-1' })).toThrow(
      new UsageError('MOCK_SEED needs a non-negative integer, got "-1"'),
    );
  });

  it("takes --blocks down to the world's own minimum, and says so in its help", () => {
    const min = MOCK_COMMAND.options.blocks.min;
    expect(() => resolveOptions({ blocks: min })).not.toThrow();
    expect(() => resolveOptions({ blocks: min - 1 })).toThrow(RangeError);
    expect(parseCli(['--blocks', String(min)], {})).toMatchObject({ blocks: min });
    expect(() => parseCli([], { MOCK_BLOCKS: String(min - 1) })).toThrow(
      new UsageError(`MOCK_BLOCKS needs an integer of at least ${min}, got "${min - 1}"`),
    );
    expect(usage()).toMatch(
      new RegExp(`--blocks N +world size in blocks, at least ${min}, .*\\(default 600\\) \\[MOCK_BLOCKS\\]`),
    );
  });

  it('its help names every subcommand (export, event-stream, proxy), as this process runs them', () => {
    for (const sub of ['export', 'event-stream', 'proxy'])
      expect(usage()).toContain(`npm run mock -- ${sub} `);
  });

  it('documents every flag with its variable', () => {
    const text = usage();
    for (const flag of [
      '--port',
      '--seed',
      '--api-key-file',
      '--rate-limit-key',
      '--fault-rate',
      '--trust-proxy',
    ])
      expect(text).toContain(flag);
    expect(text).toContain('MOCK_RATE_LIMIT');
  });
});
