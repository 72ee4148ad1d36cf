// The spec as data: its operations, references and paths. No file access, so it runs in a browser too
// (the document itself comes from spec/load.ts in Node, or from a bundle).
import type { OpenAPIV3_1 } from 'openapi-types';

export type Document = OpenAPIV3_1.Document;
export type Parameter = OpenAPIV3_1.ParameterObject & {
  'x-comma-separated'?: boolean;
  'x-zero-means-default'?: boolean;
  /** Messages the real service gives, instead of a schema message, for items matching a pattern. */
  'x-item-errors'?: Array<{ matches: string; message: string }>;
};
export type Response = OpenAPIV3_1.ResponseObject;
export type Header = OpenAPIV3_1.HeaderObject;
export type Schema = OpenAPIV3_1.SchemaObject;

/** A cross-parameter rule the schema language cannot say: these parameters may not come together. */
export interface ParameterConflict {
  parameters: string[];
  when?: Record<string, unknown>;
  message: string;
}

export interface Operation {
  operationId: string;
  method: 'get';
  /** The path as the spec writes it, e.g. `/extended/v2/blocks/{height_or_hash}`. */
  path: string;
  summary: string;
  deprecated: boolean;
  /** `routes` are `GET /path` strings, the replacement's routes on the real service. */
  replacedBy?: { operationId?: string; routes?: string[]; description?: string };
  /**
   * `x-releases`: the real service's releases that serve the operation (a successor the
   * deprecations name); absent for the description's eight, which every release serves.
   */
  releases?: string[];
  parameters: Parameter[];
  conflicts: ParameterConflict[];
  /** Keyed by status as written in the spec: `200`, `404`, `4XX`, `5XX`. */
  responses: Record<string, Response>;
}

/** Follows local `$ref`s (`#/...`) until it reaches a non-reference object. */
export function resolve<T>(doc: Document, value: T | OpenAPIV3_1.ReferenceObject): T {
  let current: unknown = value;
  for (let hops = 0; isRef(current); hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    current = pointer(doc, current.$ref);
  }
  return current as T;
}

export function isRef(value: unknown): value is OpenAPIV3_1.ReferenceObject {
  return (
    typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string'
  );
}

function pointer(doc: Document, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return node;
}

/** Every operation of the spec, with parameters and responses resolved one level. */
export function listOperations(doc: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const [method, raw] of Object.entries(item)) {
      if (method !== 'get') {
        if (['put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(method)) {
          throw new Error(`${method.toUpperCase()} ${path}: this service is read-only, only GET is expected`);
        }
        continue;
      }
      const op = raw as OpenAPIV3_1.OperationObject & {
        'x-replaced-by'?: Operation['replacedBy'];
        'x-releases'?: string[];
        'x-parameter-conflicts'?: ParameterConflict[];
      };
      if (!op.operationId) throw new Error(`GET ${path} has no operationId`);
      const responses: Record<string, Response> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        responses[status] = resolve<Response>(doc, response);
      }
      operations.push({
        operationId: op.operationId,
        method: 'get',
        path,
        summary: op.summary ?? '',
        deprecated: op.deprecated === true,
        ...(op['x-replaced-by'] ? { replacedBy: op['x-replaced-by'] } : {}),
        ...(op['x-releases'] ? { releases: op['x-releases'] } : {}),
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) =>
          resolve<Parameter>(doc, p),
        ),
        conflicts: op['x-parameter-conflicts'] ?? [],
        responses,
      });
    }
  }
  return operations;
}

export function operationById(operationId: string, doc: Document): Operation {
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  return op;
}

/** The spec's path with each `{name}` replaced by `valueOf(name)`, e.g. for a URL or a router path. */
export function fillPath(path: string, valueOf: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => valueOf(name));
}

/** Finds the operation whose path template matches a request's pathname. */
export function operationMatcher(ops: Operation[]): (pathname: string) => Operation | undefined {
  const routes = ops.map((op) => ({ op, pattern: new RegExp(`^${fillPath(op.path, () => '[^/]+')}$`) }));
  return (pathname) => routes.find((r) => r.pattern.test(pathname))?.op;
}
