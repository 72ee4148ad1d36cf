import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('targets the in-process mock by default, ignoring the BASE_URL "/" vitest itself puts in the environment', () => {
    expect(readConfig({}).kind).toBe('mock');
    expect(readConfig({ BASE_URL: '/' }).kind).toBe('mock');
  });

  it('targets a live server with BASE_URL, at the documented limit unless told otherwise', () => {
    const config = readConfig({
      BASE_URL: 'https://staging.example.org/',
      TARGET: 'fixtures/targets/mainnet-staging.example.json',
    });
    expect(config).toMatchObject({
      kind: 'live',
      baseUrl: 'https://staging.example.org',
      targetFileOrigin: 'TARGET',
    });
    expect(config.requestsPerMinute).toBeUndefined();
    expect(
      readConfig({ BASE_URL: 'https://staging.example.org', CONTRACT_RPM: '20' }).requestsPerMinute,
    ).toBe(20);
  });

  it('refuses to switch the client limiter off for anything but a loopback address', () => {
    expect(() => readConfig({ BASE_URL: 'https://staging.example.org', CONTRACT_RPM: '0' })).toThrow(
      ConfigError,
    );
    expect(readConfig({ BASE_URL: 'http://127.0.0.1:3999', CONTRACT_RPM: '0' }).requestsPerMinute).toBe(0);
  });

  it('assumes no world for a loopback BASE_URL without TARGET: the preflight reads it from the target', () => {
    const config = readConfig({ BASE_URL: 'http://127.0.0.1:3999' });
    expect(config.targetFile).toBeUndefined();
    expect(config.targetFileOrigin).toMatch(/_mock\/world/);
    expect(readConfig({ BASE_URL: 'https://staging.example.org' }).targetFile).toBeUndefined();
  });

  it('lets the environment say what the target does with keys, over the target file', () => {
    expect(readConfig({}).auth).toEqual({});
    expect(readConfig({ CONTRACT_KEY_REQUIRED: '1', CONTRACT_INVALID_KEY_REJECTED: '0' }).auth).toEqual({
      keyRequired: true,
      invalidKeyRejected: false,
    });
    expect(() => readConfig({ CONTRACT_KEY_REQUIRED: 'yes' })).toThrow(
      /CONTRACT_KEY_REQUIRED must be 1 or 0/,
    );
  });

  it('rejects malformed numbers and kinds', () => {
    expect(() => readConfig({ MAX_REQUESTS: 'lots' })).toThrow(/MAX_REQUESTS/);
    expect(() => readConfig({ CONTRACT_TARGET_KIND: 'staging' })).toThrow(/CONTRACT_TARGET_KIND/);
  });
});
