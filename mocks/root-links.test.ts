import { describe, expect, it } from 'vitest';
import { listOperations, urlFor } from '../spec/load.ts';
import { createMockApp } from './app.ts';
import { sampleUrls } from './sample-urls.ts';
import { specCheckedClient } from '../testing/http/spec-checked-client.ts';

describe('GET /', () => {
  const app = createMockApp({ blocks: 60, quiet: true, rateLimit: 0 });
  const get = specCheckedClient(app);

  it('answers the JSON links to the spec, the world catalogue and the sample requests', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      spec: { yaml: '/openapi.yaml', json: '/openapi.json' },
      world: '/_mock/world',
      worldSchema: '/_mock/world.schema.json',
      samples: sampleUrls(app.live.queries, urlFor),
    });
    expect(res.body.operations.map((o: { operationId: string }) => o.operationId).sort()).toEqual(
      listOperations()
        .map((op) => op.operationId)
        .sort(),
    );
  });

  it('points only to places that answer 200', async () => {
    const { spec, world, worldSchema, samples } = (await get('/')).body;
    for (const path of [
      spec.yaml,
      spec.json,
      world,
      worldSchema,
      ...Object.values(samples as Record<string, string>),
    ])
      expect((await get(path)).status, path).toBe(200);
  });
});
