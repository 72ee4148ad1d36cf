import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { listOperations, type Document } from '../load.ts';
import { operationAsOf } from '../releases/releases.ts';
import { compareOperation, specContracts, type Finding } from './client-drift.ts';
import { readContracts } from './contract-shape.ts';

/**
 * Compares the spec with the real service's published OpenAPI document (its `openapi.yaml` or
 * `.json`), as the release in its `info.version` serves the spec's operations. That document
 * leaves deprecated operations out: an operation the spec deprecates in that release must be
 * absent from it, one it does not deprecate must be in it (and is compared as the client is), and
 * every route the spec names as a replacement must be one the document publishes.
 */
export async function findPublishedDrift(doc: Document, published: Document): Promise<Finding[]> {
  const version = published.info.version;
  const routes = publishedRoutes(published);
  const publishedIds = new Set(routes.values());
  const ops = listOperations(doc).map((op) => operationAsOf(op, version));
  const listed = ops.filter((op) => publishedIds.has(op.operationId) && !op.deprecated);
  const ids = listed.map((op) => op.operationId);
  const ours = await specContracts(doc, ids);
  const theirs = readContracts(astToString(await openapiTS(structuredClone(published) as never)), ids);
  const findings = listed.flatMap((op) =>
    compareOperation(op, ours.get(op.operationId)!, theirs.get(op.operationId)!),
  );
  for (const op of ops) {
    const add = (kind: Finding['kind'], spec: string, other: string): number =>
      findings.push({ operationId: op.operationId, kind, where: '', spec, client: other });
    const present = publishedIds.has(op.operationId);
    if (op.deprecated && present)
      add('deprecation', `deprecated in ${version}`, 'published, so not deprecated');
    if (!op.deprecated && !present)
      add('deprecation', `not deprecated in ${version}`, 'left out, as a deprecated operation is');
    for (const route of op.deprecated ? (op.replacedBy?.routes ?? []) : [])
      if (!routes.has(route)) add('replacement', route, 'no such route published');
  }
  return findings;
}

/** `GET /path` → operationId, for every operation the document publishes (any method). */
function publishedRoutes(published: Document): Map<string, string> {
  const routes = new Map<string, string>();
  for (const [path, item] of Object.entries(published.paths ?? {}))
    for (const [method, op] of Object.entries(item ?? {})) {
      const id = (op as { operationId?: unknown }).operationId;
      if (typeof id === 'string') routes.set(`${method.toUpperCase()} ${path}`, id);
    }
  return routes;
}

/** The published document at `path`, YAML or JSON. */
export function readPublished(path: string): Document {
  const doc = parse(readFileSync(path, 'utf8')) as Document | null;
  if (!doc?.paths || typeof doc.info?.version !== 'string')
    throw new Error(`${path} is not an OpenAPI document with paths and info.version`);
  return doc;
}
