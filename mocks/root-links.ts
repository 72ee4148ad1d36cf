import type { Operation } from '../spec/document.ts';
import type { UrlFor } from '../spec/request/url.ts';
import { sampleUrls } from './sample-urls.ts';
import type { WorldQueries } from './query/world-queries.ts';

/**
 * What `GET /` answers a program: where the spec, the world's catalogue and the world file schema are, the operations
 * (those the release serves, as it serves them), and one request per operation that this world
 * answers with 200 (the banner's set). Paths are relative to the mock's own address.
 */
export function rootLinks(queries: WorldQueries, ops: Operation[], urlFor: UrlFor): Record<string, unknown> {
  return {
    service: 'Stacks extended API mock',
    spec: { yaml: '/openapi.yaml', json: '/openapi.json' },
    world: '/_mock/world',
    worldSchema: '/_mock/world.schema.json',
    operations: ops.map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      ...(op.deprecated ? { deprecated: true } : {}),
    })),
    samples: Object.fromEntries(
      Object.entries(sampleUrls(queries, urlFor)).filter(([id]) => ops.some((op) => op.operationId === id)),
    ),
  };
}
