import { afterEach, describe, expect, it } from 'vitest';
import { operation, serveAsRelease } from '../spec-context.ts';
import { describeRelease, releaseOf } from './release.ts';

describe('the target release', () => {
  afterEach(() => serveAsRelease(undefined));

  it('is read from server_version: its own profile, or the newest not newer than it', () => {
    expect(releaseOf('stacks-blockchain-api v8.11.6 (v8.11.6:63da771)')).toMatchObject({
      version: '8.11.6',
      profile: { version: '8.11.6' },
    });
    const later = releaseOf('stacks-blockchain-api v9.1.0 (master:abc)');
    expect(later).toMatchObject({ version: '9.1.0', profile: { version: '9.0.2' } });
    expect(describeRelease(later)).toBe('9.1.0 (the 9.0.2 release profile, the newest not newer than it)');
    expect(releaseOf('a home-grown build')).toEqual({ serverVersion: 'a home-grown build' });
  });

  it('holds each operation to what that release serves: operation 5 is deprecated from 9.0.0 on', () => {
    serveAsRelease('8.11.6');
    expect(operation('get_address_transaction_events').deprecated).toBe(false);
    expect(operation('get_account_balance').deprecated).toBe(true);
    serveAsRelease('9.0.2');
    expect(operation('get_address_transaction_events').deprecated).toBe(true);
  });
});
