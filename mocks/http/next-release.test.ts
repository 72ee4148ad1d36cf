import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { urlFor } from '../../spec/load.ts';
import type { ReleaseProfile } from '../../spec/releases/profile.ts';
import {
  DEFAULT_RELEASE,
  profileOfServerVersion,
  releaseProfile,
  RELEASES,
} from '../../spec/releases/releases.ts';
import { parseCli, usage } from '../cli-args.ts';
import { createMock } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import { sampleUrls } from '../sample-urls.ts';

// A release no one has published, declared as the next one would be: its profile and a line in
// spec/releases/list.ts (here, the list as the test reads it). Nothing else is edited: whatever
// still needed an edit elsewhere would fail below.
const NEXT = vi.hoisted((): ReleaseProfile => ({
  version: '9.1.0',
  released: '2026-10-01',
  serverVersion: 'stacks-blockchain-api v9.1.0 (master:0badc0de)',
  statusPoxUnlockHeights: false,
  replacedByTxId: true,
  replaceByFee: true,
  rpcBinaryFrames: true,
  epoch4Values: true,
  addressTransactionCursors: true,
  warning: '299 - "Deprecated: a text of the next release"',
  goneNote: 'A note of the next release',
}));

vi.mock('../../spec/releases/list.ts', async (original) => {
  const { RELEASES: declared } = await original<typeof import('../../spec/releases/list.ts')>();
  return { RELEASES: [NEXT, ...declared] };
});

const RELEASE_9 = fileURLToPath(new URL('../../fixtures/worlds/release-9.yaml', import.meta.url));

describe('the next release is one declaration (its golden answers aside)', () => {
  it('is known by version and by server_version, and offered on the command line', () => {
    expect(RELEASES[0]).toBe(NEXT);
    expect(releaseProfile('v9.1.0')).toBe(NEXT);
    expect(profileOfServerVersion('stacks-blockchain-api v9.1.4 (master:1234abcd)')).toBe(NEXT);
    expect(profileOfServerVersion('stacks-blockchain-api v9.0.2 (master:1164d9ee)')?.version).toBe('9.0.2');
    const options = parseCli(['--api-version', '9.1.0'], {});
    expect(options !== 'help' && options.apiVersion).toBe('9.1.0');
    expect(usage()).toContain('--api-version 9.1.0|9.0.2|8.11.6');
    // The default moves only once the differential has verified the new release.
    expect(releaseProfile().version).toBe(DEFAULT_RELEASE);
  });

  it('the mock answers as it: its server_version, its Warning, its 410 text', async () => {
    const get = async (
      mock: MockKernel,
      url: string,
    ): Promise<{ status: number; warning: unknown; body: any }> => {
      const res = await mock.handle({ method: 'GET', target: url, headers: {}, ip: undefined });
      return { status: res.status, warning: res.headers.warning, body: res.body };
    };
    const mock = createMock({ quiet: true, rateLimit: 0, apiVersion: '9.1.0' });
    const status = await get(mock, '/extended');
    expect(status.body.server_version).toBe(NEXT.serverVersion);
    expect('pox_v1_unlock_height' in status.body).toBe(false);
    const balances = sampleUrls(mock.live.queries, urlFor).get_account_balance as string;
    expect((await get(mock, balances)).warning).toBe(NEXT.warning);
    const gone = createMock({ quiet: true, rateLimit: 0, apiVersion: '9.1.0', deprecated: 'gone' });
    const retired = await get(gone, balances);
    expect([retired.status, retired.body]).toEqual([
      410,
      { error: 'Gone', message: `This endpoint has been disabled. ${NEXT.goneNote}` },
    ]);
  });

  it('serves the values of epoch 4 its profile says it decodes', () => {
    expect(() =>
      createMock({ quiet: true, rateLimit: 0, apiVersion: '9.1.0', world: RELEASE_9 }),
    ).not.toThrow();
  });
});
