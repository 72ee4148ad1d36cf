import { describe, test } from 'vitest';
import { expectNotModified, requireWorld } from '../cases/common.ts';
import { expectResponse, type Problem } from '../expect.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();

describe('get_status', () => {
  describe('200 OK', () => {
    test('the service status', async () => {
      const ex = await target.client.call('get_status');
      expectResponse(target, ex, { status: 200, because: 'the status operation takes no parameters' });
    });

    const profile = target.release.profile;
    const poxFields = ['pox_v1_unlock_height', 'pox_v2_unlock_height', 'pox_v3_unlock_height'];
    test(`the status fields of its release (${profile ? `as ${profile.version}` : 'no release profile'})`, async (ctx) => {
      requireWorld(ctx, target);
      if (!profile) return ctx.skip(`no release profile for ${target.release.serverVersion}`);
      const ex = await target.client.call('get_status');
      const body =
        typeof ex.body === 'object' && ex.body !== null ? (ex.body as Record<string, unknown>) : {};
      // v9.0.0 dropped the PoX unlock heights from the status; v8 sends them, an integer or null.
      const findings: Problem[] = poxFields
        .filter((f) => f in body !== profile.statusPoxUnlockHeights)
        .map((f) => ({
          where: 'body',
          expected: `${f} ${profile.statusPoxUnlockHeights ? 'present' : 'absent'} (release ${profile.version})`,
          actual: f in body ? 'present' : 'absent',
        }));
      expectResponse(
        target,
        ex,
        { status: 200, because: `the status of release ${profile.version}` },
        findings,
      );
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async () => {
      await expectNotModified(target, 'get_status', {});
    });
  });
});
