import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { checkServedWorld } from '../../testing/worlds/world-file-check.ts';

const DOC = readFileSync(new URL('../../docs/world-files.md', import.meta.url), 'utf8');
const example = /```yaml\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'doc-world-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the world file example of docs/world-files.md', () => {
  it('is served with balances and histories that match it to the µSTX', async () => {
    expect(example).toMatch(/^network: mainnet/);
    const path = join(dir, 'example.yaml');
    writeFileSync(path, example);
    const get = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0, world: path }));
    expect(await checkServedWorld(get, example)).toBe(3);
    const carol = (await get('/_mock/world')).body.declared.accounts[2].address;
    const { body } = await get(`/extended/v1/address/${carol}/balances`);
    expect(body.stx.locked).toBe('800000000000');
    expect(body.stx.burnchain_unlock_height).toBeGreaterThan(body.stx.burnchain_lock_height);
    expect(body.token_offering_locked).toMatchObject({
      total_locked: '5000000000',
      total_unlocked: '5000000000',
    });
  });
});
