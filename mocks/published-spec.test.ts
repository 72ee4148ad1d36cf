import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import { METHODS, type Document } from '../spec/document.ts';
import { listOperations, loadSpec } from '../spec/load.ts';
import { operationsOf } from '../spec/releases/releases.ts';
import { createMockApp } from './app.ts';

/** The published document's operations: operationId → deprecated. */
function operationsIn(doc: Document): Record<string, boolean> {
  const found: Record<string, boolean> = {};
  for (const item of Object.values(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item?.[method];
      if (op?.operationId) found[op.operationId] = op.deprecated === true;
    }
  return found;
}

describe.each(['9.0.2', '8.11.6'])('the document the mock publishes answering as %s', (version) => {
  const client = httpClient(createMockApp({ quiet: true, rateLimit: 0, blocks: 60, apiVersion: version }));
  const served = operationsOf(listOperations(loadSpec()), version);

  it('names the release, says what it holds, and holds that release’s operations as it deprecates them', async () => {
    const doc = (await client.get('/openapi.json')).body as Document;
    expect(doc.info.version).toBe(version);
    expect(doc.info.description).toMatch(
      new RegExp(
        `^Published by stacks-api-mock answering as the real service's release v${version}: the ${served.length} operations`,
      ),
    );
    expect(operationsIn(doc)).toEqual(
      Object.fromEntries(served.map((op) => [op.operationId, op.deprecated])),
    );
    const paths = JSON.stringify(doc.paths);
    for (const name of ['x-releases', 'x-deprecated-since', 'x-replaced-by-before'])
      expect(paths).not.toContain(`"${name}"`);
  });

  it('in YAML the same document, with the spec’s comments', async () => {
    const [json, yaml] = await Promise.all([client.get('/openapi.json'), client.get('/openapi.yaml')]);
    expect(parse(yaml.text)).toEqual(json.body);
    expect(yaml.text).toMatch(/^ *# /m);
  });
});

describe('the releases’ documents differ where the releases do', () => {
  it('8.11.6 serves no /extended/v3 route, deprecates fewer operations, and has no exclude_function_args', async () => {
    const [v9, v8] = await Promise.all(
      ['9.0.2', '8.11.6'].map(async (apiVersion) => {
        const client = httpClient(createMockApp({ quiet: true, rateLimit: 0, blocks: 60, apiVersion }));
        return (await client.get('/openapi.json')).body as Document;
      }),
    );
    expect(Object.keys(v9?.paths ?? {}).some((p) => p.startsWith('/extended/v3/'))).toBe(true);
    expect(Object.keys(v8?.paths ?? {}).some((p) => p.startsWith('/extended/v3/'))).toBe(false);
    const deprecatedCount = (doc: Document | undefined): number =>
      Object.values(operationsIn(doc as Document)).filter(Boolean).length;
    expect(deprecatedCount(v8)).toBeLessThan(deprecatedCount(v9));
    expect(JSON.stringify(v9)).toContain('ExcludeFunctionArgs');
    const v8Params = JSON.stringify(v8?.paths);
    expect(v8Params).not.toContain('ExcludeFunctionArgs');
  });
});
