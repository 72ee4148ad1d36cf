import { describe, expect, it } from 'vitest';
import { banner } from './banner.ts';
import { keyMode } from './http/keys.ts';
import { withDefaults } from './options.ts';
import { createMock } from './create-mock.ts';

describe('start banner', () => {
  const { live } = createMock({ blocks: 60, quiet: true });
  const text = (partial: Parameters<typeof withDefaults>[0]) =>
    banner('http://127.0.0.1:3999', live.queries, withDefaults({ blocks: 60, ...partial }), 0);

  it('says there is no rate limit by default and how to emulate the hosted one, else each limit ("unlimited" for 0)', () => {
    expect(text({})).toContain('rate limits: none (--rate-limit hosted emulates the hosted gateway)');
    expect(text({ rateLimit: 50, rateLimitKey: 500 })).toContain(
      'rate limits: 50 req/min per IP without a key, 500 req/min per key',
    );
    expect(text({ rateLimit: 7 })).toContain(
      'rate limits: 7 req/min per IP without a key, unlimited per key',
    );
  });

  it('says which key mode is on', () => {
    expect(text({})).toContain('API keys: no key needed; any key accepted (counted per key)');
    expect(keyMode({ apiKeys: ['a', 'b'], requireApiKey: false })).toBe(
      'no key needed; 2 configured, any other key gets 403',
    );
    expect(keyMode({ apiKeys: [], requireApiKey: true })).toBe(
      'a request without a key gets 401; any key accepted (counted per key)',
    );
    expect(keyMode({ apiKeys: ['a'], requireApiKey: true })).toBe(
      'a request without a key gets 401; 1 configured, any other key gets 403',
    );
  });

  it('says which release it answers as, and a rehearsed sunset', () => {
    expect(text({})).toContain('answers as stacks-blockchain-api v9.0.2 (--api-version)');
    expect(text({ apiVersion: '8.11.6', deprecated: 'gone' })).toContain(
      'answers as stacks-blockchain-api v8.11.6, its deprecated operations gone (410) (--api-version)',
    );
    expect(text({ deprecated: 'gone:get_account_balance' })).toContain(', get_account_balance gone (410)');
  });

  it('says how to fund a key: the testnet faucet, with a curl to run; on mainnet, where to find it', () => {
    expect(text({})).toContain('faucet: testnet only, as the real service (--network testnet)');
    const testnet = createMock({ blocks: 60, network: 'testnet', quiet: true }).live;
    const line = banner(
      'http://127.0.0.1:3999',
      testnet.queries,
      withDefaults({ blocks: 60, network: 'testnet' }),
      0,
    )
      .split('\n')
      .find((l) => l.includes('faucet:'));
    expect(line).toMatch(
      /faucet: curl -X POST 'http:\/\/127\.0\.0\.1:3999\/extended\/v1\/faucets\/stx\?address=ST[0-9A-Z]+' +# 500 STX/,
    );
  });
});
