import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../testing/spec-checked-client.ts';
import { checkServedWorld } from '../testing/world-file-check.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = README.slice(README.indexOf('### Your own world'));
const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'readme-world-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the README’s world file example', () => {
  it('is served with balances and histories that match it to the µSTX', async () => {
    expect(example).toMatch(/^network: mainnet/);
    const path = join(dir, 'readme.yaml');
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
