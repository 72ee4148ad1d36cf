import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { checkServedWorld } from '../../testing/worlds/world-file-check.ts';
import { WORLD_SCHEMA } from '../world/declared/world-file.ts';

const DIR = fileURLToPath(new URL('../../fixtures/worlds/', import.meta.url));
const EXAMPLES = readdirSync(DIR).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.endsWith('.schema.json'));

describe('the example worlds in fixtures/worlds', () => {
  it("are a wallet, a token launch, stacking, release 9's new values and a contract of its own", () => {
    expect(EXAMPLES.sort()).toEqual([
      'own-contract.yaml',
      'release-9.yaml',
      'stacking.yaml',
      'token-launch.yaml',
      'wallet.yaml',
    ]);
  });

  // What a contract of the file's own does, only its code says: own-contracts.test.ts checks
  // that world's accounts to the µSTX.
  it.each(EXAMPLES.filter((name) => name !== 'own-contract.yaml'))(
    '%s is served with balances and histories that match the file',
    async (name) => {
      const path = join(DIR, name);
      const get = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0, world: path }));
      const checked = await checkServedWorld(get, readFileSync(path, 'utf8'));
      expect(checked).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('GET /_mock/world.schema.json', () => {
  it('serves the schema in the repository', async () => {
    const get = specCheckedClient(createMockApp({ quiet: true }));
    const res = await get('/_mock/world.schema.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(JSON.parse(res.text)).toEqual(WORLD_SCHEMA);
  });
});
