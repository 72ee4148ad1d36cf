import { describe, expect, it } from 'vitest';
import { listOperations, operationById } from '../load.ts';
import {
  compareVersions,
  DEFAULT_RELEASE,
  operationAsOf,
  profileOfServerVersion,
  releaseProfile,
  RELEASES,
} from './releases.ts';

describe('release profiles', () => {
  it('the default is 9.0.2; each profile is found by its version, with or without v', () => {
    expect(DEFAULT_RELEASE).toBe('9.0.2');
    expect(releaseProfile().serverVersion).toBe('stacks-blockchain-api v9.0.2 (master:1164d9ee)');
    expect(releaseProfile('v8.11.6').serverVersion).toBe('stacks-blockchain-api v8.11.6 (v8.11.6:63da771)');
    expect(RELEASES.map((r) => r.version)).toEqual(['9.0.2', '8.11.6']);
  });

  it('an unknown release is refused in one line naming the known ones', () => {
    expect(() => releaseProfile('9.1.0')).toThrow('API version must be one of 9.0.2, 8.11.6, not "9.1.0"');
  });

  it('reads a server_version: that release, else the newest profile older than it', () => {
    const of = (s: string): string | undefined => profileOfServerVersion(s)?.version;
    expect(of('stacks-blockchain-api v9.0.2 (master:1164d9ee)')).toBe('9.0.2');
    expect(of('stacks-blockchain-api v8.11.6 (v8.11.6:63da771)')).toBe('8.11.6');
    expect(of('stacks-blockchain-api v9.4.0 (master:abcdef12)')).toBe('9.0.2');
    expect(of('stacks-blockchain-api v8.15.4 (v8.15.4:0000000)')).toBe('8.11.6');
    expect(of('stacks-blockchain-api v7.0.0 (v7.0.0:0000000)')).toBeUndefined();
    expect(of('a staging build')).toBeUndefined();
  });

  it('orders versions numerically, not as text', () => {
    expect(compareVersions('9.10.0', '9.9.9')).toBeGreaterThan(0);
    expect(compareVersions('8.11.6', '8.11.6')).toBe(0);
    expect(compareVersions('8.11.6', '9.0.0')).toBeLessThan(0);
  });

  it('every operation deprecated by the spec names a replacement in every release that deprecates it', () => {
    for (const release of RELEASES)
      for (const op of listOperations().map((o) => operationAsOf(o, release.version)))
        // A replacement the mock does not serve yet is named by its description, which says so.
        if (op.deprecated && !op.replacedBy?.description?.includes('not served by this mock'))
          expect(op.replacedBy?.routes?.length, `${release.version} ${op.operationId}`).toBeGreaterThan(0);
  });

  it("takes an operation's ETag step as the release computes it: x-etag's before for an older one", () => {
    const stx = operationById('get_principal_stx_balance');
    expect(operationAsOf(stx, '8.11.6').etag).toEqual({
      from: 'chain-tip',
      withMempoolParam: 'include_mempool',
    });
    expect(operationAsOf(stx, '9.0.0').etag).toEqual({
      from: 'principal',
      withMempoolParam: 'include_mempool',
    });
    expect(operationAsOf(operationById('get_principal_ft_balances'), '8.11.6').etag).toEqual({
      from: 'chain-tip',
    });
    expect(operationAsOf(operationById('get_block'), '8.11.6').etag).toEqual({ from: 'block' });
  });
});
