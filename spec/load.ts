import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations as listOf, operationById as byId } from './document.ts';
import type { Document, Operation } from './document.ts';
import { PRECOMPILED } from './precompiled.ts';
import { routerOf } from './request/routing.ts';
import { parseYaml } from './yaml-cache.ts';
import { operationPaths, urlBuilder, type UrlFor } from './request/url.ts';

export * from './document.ts';

export const SPEC_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
/** The package's root (the repository's, or dist/ once built): spec files are named from it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const cache = new Map<string, Document>();

/** A spec file's name as the build records it: its path from the root, `spec/openapi.yaml`. */
export function specFileName(path: string): string {
  return relative(ROOT, path).split(sep).join('/');
}

/**
 * Reads and parses the spec once per path (or takes the build's parse of the same file, see
 * precompiled.ts); callers must not mutate the result.
 */
export function loadSpec(path: string = SPEC_PATH): Document {
  let doc = cache.get(path);
  if (!doc) {
    doc =
      (PRECOMPILED?.documents[specFileName(path)] as Document | undefined) ??
      (parseYaml(readFileSync(path, 'utf8')) as Document);
    cache.set(path, doc);
  }
  return doc;
}

/** Every operation of the spec (the spec file's, unless a document is given). */
export function listOperations(doc: Document = loadSpec()): Operation[] {
  return listOf(doc);
}

export function operationById(operationId: string, doc: Document = loadSpec()): Operation {
  return byId(operationId, doc);
}

/** Finds the operation whose path matches a request's pathname, as the one router matches paths. */
export function operationMatcher(
  ops: Operation[] = listOperations(),
): (pathname: string) => Operation | undefined {
  const route = routerOf(ops, { decode: false });
  return (pathname) => route(pathname)?.route;
}

let specUrls: UrlFor | undefined;
/** URLs of the spec file's operations (spec/request/url.ts), built on the first call. */
export const urlFor: UrlFor = (operationId, ...params) =>
  (specUrls ??= urlBuilder(operationPaths(loadSpec())))(operationId, ...params);
