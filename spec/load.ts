import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  listOperations as listOf,
  operationById as byId,
  operationMatcher as matcherOf,
} from './document.ts';
import type { Document, Operation } from './document.ts';

export * from './document.ts';

export const SPEC_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

const cache = new Map<string, Document>();

/** Reads and parses the spec once per path; callers must not mutate the result. */
export function loadSpec(path: string = SPEC_PATH): Document {
  let doc = cache.get(path);
  if (!doc) {
    doc = parse(readFileSync(path, 'utf8')) as Document;
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

/** Finds the operation whose path template matches a request's pathname. */
export function operationMatcher(
  ops: Operation[] = listOperations(),
): (pathname: string) => Operation | undefined {
  return matcherOf(ops);
}
