// The spec as data: its operations, references and paths. No file access, so it runs in a browser too
// (the document itself comes from spec/load.ts in Node, or from a bundle).
import type { OpenAPIV3_1 } from 'openapi-types';

export type Document = OpenAPIV3_1.Document;
export type Parameter = OpenAPIV3_1.ParameterObject & {
  'x-comma-separated'?: boolean;
  'x-zero-means-default'?: boolean;
  /** Messages the real service gives, instead of a schema message, for items matching a pattern. */
  'x-item-errors'?: Array<{ matches: string; message: string }>;
  /** The first release of the real service with this parameter (spec/releases/releases.ts). */
  'x-since'?: string;
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

/** A deprecated operation's replacement: `routes` are `GET /path` strings on the real service. */
export interface Replacement {
  operationId?: string;
  routes?: string[];
  description?: string;
}

/**
 * What the real service computes an operation's ETag from, before its handler runs (each route's
 * `preHandler`): the chain tip, the mempool's pending transactions, one transaction, one block,
 * or one principal's activity (confirmed, or with its pending transactions too).
 */
export const ETAG_STEPS = [
  'chain-tip',
  'mempool',
  'transaction',
  'block',
  'principal',
  'principal-mempool',
] as const;
export type EtagStep = (typeof ETAG_STEPS)[number];

/** `x-etag`: an operation's ETag step (spec/rules/etagStep.js checks every GET whose 200 has an ETag declares one). */
export interface EtagDeclaration {
  /** The step the newest release takes. */
  from: EtagStep;
  /** A boolean query parameter that, `true`, makes the step `principal-mempool` (every release). */
  withMempoolParam?: string;
  /** What releases before each key computed it from, as `x-replaced-by-before` (spec/releases/releases.ts). */
  before?: Record<string, EtagStep>;
}

/**
 * `x-cache`: how long the mock's response cache may keep an operation's 200 answers. `mined`: they
 * read the mined chain only, never the mempool, so they hold until a block is mined or the chain
 * reorgs or resets (a broadcast leaves them valid). Absent: they are dropped on any change of the
 * chain, the mempool's included.
 */
export const CACHE_CLASSES = ['mined'] as const;
export type CacheClass = (typeof CACHE_CLASSES)[number];

/**
 * `x-fields-unchecked`: why the contract suite checks none of an operation's response fields
 * beyond their schema (the field table, docs/fields.md, gives each of its fields that reason): a
 * wallet route it has no valid request for, a successor a deprecation names, a v3 successor of a
 * wallet read, an explorer route.
 */
export const FIELDS_UNCHECKED = [
  'wallet-route',
  'successor',
  'wallet-successor',
  'explorer',
  'contract-route',
] as const;
export type FieldsUnchecked = (typeof FIELDS_UNCHECKED)[number];

/**
 * `x-order`: the order a paged list documents, which the contract suite checks on every page and
 * across pages: the words of the description that say it (`says`), the item field that names an
 * item (`key`), the fields compared in turn (`by`; a dotted path in an item of `results`), and
 * whether two items may compare equal (`unique: true`: never).
 */
export interface OrderDeclaration {
  says: string;
  key: string;
  by: OrderField[];
  unique: boolean;
}

export interface OrderField {
  field: string;
  order: 'ascending' | 'descending';
  /** `insensitive`: strings compared in lower case. */
  case?: 'insensitive';
}

/**
 * What an answer names that a request after it may take (`x-follow`'s `from`): the principal the
 * request before named, a confirmed transaction the answer names (`item.`: only one that came as
 * an item of a principal's transactions, with its transfers), the block the answer is, a party
 * of its events.
 */
export const FOLLOW_FACTS = [
  'principal',
  'transaction.tx_id',
  'transaction.block_height',
  'transaction.sender_address',
  'item.tx_id',
  'item.block_height',
  'block.index_block_hash',
  'party',
] as const;
export type FollowFact = (typeof FOLLOW_FACTS)[number];

/**
 * `x-follow`: one way the contract suite's exploration reaches the operation after an answer:
 * its parameters from what the answer names (`from`) and fixed ones (`with`); with `after`, only
 * after an answer of one of those operations.
 */
export interface FollowWay {
  after?: string[];
  from: Record<string, FollowFact>;
  with: Record<string, string>;
}

/** The methods an OpenAPI path item may hold, in the spec's lower case. */
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type Method = (typeof METHODS)[number];

/** What an operation takes as its body: the media type, the schema, and whether a body must come. */
export interface RequestBody {
  required: boolean;
  mediaType: string;
  schema: Schema;
  /** Every media type the spec lists for the body, in its order. */
  mediaTypes: string[];
  /** `x-max-bytes`: the most bytes the body may have, when the spec says (else the mock's limit). */
  maxBytes?: number;
}

export interface Operation {
  operationId: string;
  method: Method;
  /** The path as the spec writes it, e.g. `/extended/v2/blocks/{height_or_hash}`. */
  path: string;
  summary: string;
  deprecated: boolean;
  /** The replacement the newest release names. */
  replacedBy?: Replacement;
  /** The first release that deprecates it, when not every release the mock reproduces does. */
  deprecatedSince?: string;
  /** What releases before each key named as the replacement (spec/releases/releases.ts). */
  replacedByBefore?: Record<string, Replacement>;
  /**
   * `x-releases`: the real service's releases that serve the operation (a successor the
   * deprecations name); absent for the description's eight, which every release serves.
   */
  releases?: string[];
  /**
   * `x-stacks-node`: the real service forwards the operation to its stacks-node (a `/v2/` route),
   * so a deployment without one answers it 500.
   */
  stacksNode?: boolean;
  /** `x-etag`: what its ETag is computed from; absent, its answers carry none. */
  etag?: EtagDeclaration;
  /**
   * `x-bad-inputs`: the real service's answers to the spec's invalid requests of the operation
   * are recorded (fixtures/golden/): the differential sends them, built on its declared valid
   * request with this query over the valid one's, and the exploration draws its invalid starts
   * from them.
   */
  badInputs?: { query: Record<string, string> };
  /** `x-fields-unchecked`: why the suite checks its response fields by schema only. */
  fieldsUnchecked?: FieldsUnchecked;
  /** `x-cache`: how long its answers may be cached; absent, until any change of the chain. */
  cache?: CacheClass;
  /** `x-error-body`: whose words its errors are in, when not the service's `ErrorResponse` (`own`, `token-metadata`, `bns`, `signer-metrics`). */
  errorBody?: string;
  /** `x-service`: the other service on the same host that answers it in reality (`token-metadata`, `signer-metrics`). */
  service?: string;
  /** `x-order`: the order its pages document; absent, the suite knows none and walks no pages of it. */
  order?: OrderDeclaration;
  /**
   * `x-golden-sample`: at most this many of its answers per group go into a golden file (8 when
   * absent): a batch or a page of transactions weighs more.
   */
  goldenSample?: number;
  /** `x-follow`: how the exploration reaches it after an answer; absent, it never follows one. */
  follow?: FollowWay[];
  parameters: Parameter[];
  conflicts: ParameterConflict[];
  /** `x-parameter-one-of`: groups of query parameters of which a request must give at least one. */
  oneOf: string[][];
  /** Keyed by status as written in the spec: `200`, `404`, `4XX`, `5XX`. */
  responses: Record<string, Response>;
  /** Only for an operation that takes a body (`POST`, say). */
  requestBody?: RequestBody;
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
    // Unescaped only where there is an escape: two global replaces a segment were most of a
    // start's reading of the spec's operations (its first, in the CLI: a thousand $refs).
    const key = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return node;
}

/** Each document's operations, read once: a mock's start asks for them four times. */
const OPERATIONS = new WeakMap<Document, readonly Operation[]>();

/**
 * Every operation of the spec, whatever its method, with parameters, request body and responses
 * resolved one level: the API's GETs and the control plane's POSTs are read the same way. The
 * operations are shared by every caller of the same document (which must not change them); the
 * list is each caller's own.
 */
export function listOperations(doc: Document): Operation[] {
  let operations = OPERATIONS.get(doc);
  if (!operations) OPERATIONS.set(doc, (operations = readOperations(doc)));
  return [...operations];
}

function readOperations(doc: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const op = raw as OpenAPIV3_1.OperationObject & {
        'x-replaced-by'?: Replacement;
        'x-replaced-by-before'?: Record<string, Replacement>;
        'x-deprecated-since'?: string;
        'x-releases'?: string[];
        'x-stacks-node'?: boolean;
        'x-etag'?: unknown;
        'x-cache'?: unknown;
        'x-fields-unchecked'?: unknown;
        'x-bad-inputs'?: { query: Record<string, string> };
        'x-error-body'?: string;
        'x-service'?: string;
        'x-order'?: unknown;
        'x-golden-sample'?: unknown;
        'x-follow'?: unknown;
        'x-parameter-conflicts'?: ParameterConflict[];
        'x-parameter-one-of'?: string[][];
      };
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const responses: Record<string, Response> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        responses[status] = resolve<Response>(doc, response);
      }
      const body = requestBodyOf(doc, op.requestBody);
      const etag =
        op['x-etag'] === undefined ? undefined : etagOf(op['x-etag'], `${method.toUpperCase()} ${path}`);
      const label = `${method.toUpperCase()} ${path}`;
      const cache = op['x-cache'] === undefined ? undefined : cacheOf(op['x-cache'], label);
      const order = op['x-order'] === undefined ? undefined : orderOf(op['x-order'], label);
      const goldenSample = op['x-golden-sample'];
      if (goldenSample !== undefined && !(Number.isInteger(goldenSample) && (goldenSample as number) >= 1))
        throw new Error(
          `${label}: x-golden-sample is ${JSON.stringify(goldenSample)}, not a positive integer`,
        );
      operations.push({
        operationId: op.operationId,
        method,
        path,
        summary: op.summary ?? '',
        deprecated: op.deprecated === true,
        ...(op['x-replaced-by'] ? { replacedBy: op['x-replaced-by'] } : {}),
        ...(op['x-deprecated-since'] ? { deprecatedSince: op['x-deprecated-since'] } : {}),
        ...(op['x-replaced-by-before'] ? { replacedByBefore: op['x-replaced-by-before'] } : {}),
        ...(op['x-releases'] ? { releases: op['x-releases'] } : {}),
        ...(op['x-stacks-node'] === true ? { stacksNode: true } : {}),
        ...(etag ? { etag } : {}),
        ...(cache ? { cache } : {}),
        ...(op['x-fields-unchecked'] === undefined
          ? {}
          : {
              fieldsUnchecked: fieldsUncheckedOf(op['x-fields-unchecked'], `${method.toUpperCase()} ${path}`),
            }),
        ...(op['x-bad-inputs'] ? { badInputs: { query: op['x-bad-inputs'].query ?? {} } } : {}),
        ...(op['x-error-body'] ? { errorBody: op['x-error-body'] } : {}),
        ...(op['x-service'] ? { service: op['x-service'] } : {}),
        ...(order ? { order } : {}),
        ...(goldenSample !== undefined ? { goldenSample: goldenSample as number } : {}),
        ...(op['x-follow'] === undefined ? {} : { follow: followOf(op['x-follow'], label) }),
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) =>
          resolve<Parameter>(doc, p),
        ),
        conflicts: op['x-parameter-conflicts'] ?? [],
        oneOf: op['x-parameter-one-of'] ?? [],
        responses,
        ...(body ? { requestBody: body } : {}),
      });
    }
  }
  return operations;
}

/** An operation's `x-etag`, its steps checked: one line naming the operation and the known steps otherwise. */
function etagOf(raw: unknown, label: string): EtagDeclaration {
  const fail = (problem: string): never => {
    throw new Error(`${label}: ${problem}`);
  };
  if (!isPlainObject(raw)) return fail('x-etag must be an object with `from`');
  const step = (value: unknown, at: string): EtagStep =>
    ETAG_STEPS.includes(value as EtagStep)
      ? (value as EtagStep)
      : fail(`${at} is ${JSON.stringify(value)}, not one of ${ETAG_STEPS.join(', ')}`);
  const { withMempoolParam: param, before } = raw;
  if (param !== undefined && typeof param !== 'string')
    fail('x-etag.withMempoolParam must name a query parameter');
  if (before !== undefined && !isPlainObject(before)) fail('x-etag.before must map releases to steps');
  return {
    from: step(raw.from, 'x-etag.from'),
    ...(typeof param === 'string' ? { withMempoolParam: param } : {}),
    ...(isPlainObject(before)
      ? {
          before: Object.fromEntries(
            Object.entries(before).map(([release, value]) => [
              release,
              step(value, `x-etag.before['${release}']`),
            ]),
          ),
        }
      : {}),
  };
}

/** An operation's `x-cache`: one of the known classes, else one line naming the operation and them. */
function cacheOf(raw: unknown, label: string): CacheClass {
  if (CACHE_CLASSES.includes(raw as CacheClass)) return raw as CacheClass;
  throw new Error(`${label}: x-cache is ${JSON.stringify(raw)}, not one of ${CACHE_CLASSES.join(', ')}`);
}

/** An operation's `x-fields-unchecked`: one of the known reasons, else one line naming the operation and them. */
function fieldsUncheckedOf(raw: unknown, label: string): FieldsUnchecked {
  if (FIELDS_UNCHECKED.includes(raw as FieldsUnchecked)) return raw as FieldsUnchecked;
  throw new Error(
    `${label}: x-fields-unchecked is ${JSON.stringify(raw)}, not one of ${FIELDS_UNCHECKED.join(', ')}`,
  );
}

/** An operation's `x-order`, its form checked: one line naming the operation and the problem otherwise. */
function orderOf(raw: unknown, label: string): OrderDeclaration {
  const fail = (problem: string): never => {
    throw new Error(`${label}: x-order ${problem}`);
  };
  if (!isPlainObject(raw)) return fail('must be an object with says, key and by');
  const { says, key, by, unique } = raw;
  if (typeof says !== 'string' || typeof key !== 'string') return fail('needs `says` and `key` strings');
  if (!Array.isArray(by) || by.length === 0) return fail('needs `by`, a list of fields');
  const fields = by.map((f: unknown): OrderField => {
    if (!isPlainObject(f) || typeof f.field !== 'string') return fail('`by` lists objects with a `field`');
    if (f.order !== 'ascending' && f.order !== 'descending')
      return fail(`${f.field}: order is ${JSON.stringify(f.order)}, not ascending or descending`);
    if (f.case !== undefined && f.case !== 'insensitive')
      return fail(`${f.field}: case is ${JSON.stringify(f.case)}, not insensitive`);
    return { field: f.field, order: f.order, ...(f.case ? { case: f.case } : {}) };
  });
  return { says, key, by: fields, unique: unique === true };
}

/** An operation's `x-follow`, its facts checked: one line naming the operation and the problem otherwise. */
function followOf(raw: unknown, label: string): FollowWay[] {
  const fail = (problem: string): never => {
    throw new Error(`${label}: x-follow ${problem}`);
  };
  if (!Array.isArray(raw)) return fail('must be a list of ways');
  return raw.map((way: unknown): FollowWay => {
    if (!isPlainObject(way)) return fail('lists objects with `from`, `with` or `after`');
    const from = way.from ?? {};
    const fixed = way.with ?? {};
    if (!isPlainObject(from) || !isPlainObject(fixed)) return fail('`from` and `with` map parameters');
    for (const [name, fact] of Object.entries(from))
      if (!FOLLOW_FACTS.includes(fact as FollowFact))
        fail(`${name}: ${JSON.stringify(fact)} is not one of ${FOLLOW_FACTS.join(', ')}`);
    for (const [name, value] of Object.entries(fixed))
      if (typeof value !== 'string') fail(`with.${name} is not a string`);
    const after = way.after;
    if (after !== undefined && !(Array.isArray(after) && after.every((a) => typeof a === 'string')))
      fail('`after` lists operationIds');
    return {
      ...(after ? { after: after as string[] } : {}),
      from: from as Record<string, FollowFact>,
      with: fixed as Record<string, string>,
    };
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body an operation takes, JSON preferred; undefined when it takes none. */
function requestBodyOf(
  doc: Document,
  body: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | undefined,
): RequestBody | undefined {
  if (!body) return undefined;
  const resolved = resolve<OpenAPIV3_1.RequestBodyObject & { 'x-max-bytes'?: number }>(doc, body);
  const entries = Object.entries(resolved.content ?? {});
  const [mediaType, media] = entries.find(([type]) => type.includes('json')) ?? entries[0] ?? [];
  if (mediaType === undefined) return undefined;
  return {
    required: resolved.required === true,
    mediaType,
    schema: (media?.schema ?? {}) as Schema,
    mediaTypes: entries.map(([type]) => type),
    ...(resolved['x-max-bytes'] === undefined ? {} : { maxBytes: resolved['x-max-bytes'] }),
  };
}

/**
 * Whether the body may come as raw bytes (`application/octet-stream`, a stacks-node's broadcast):
 * its handler reads it as sent and decodes its forms itself, so no JSON schema checks it.
 */
export function takesRawBytes(body: RequestBody): boolean {
  return body.mediaTypes.includes('application/octet-stream');
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

/**
 * The statuses an operation answers with its own `{error}` body rather than `ErrorResponse`, as
 * its `x-error-body` says: the token metadata service's 404 and 422, the BNS routes' 404, the
 * signer metrics service's 404.
 */
export function errorFieldStatuses(op: Pick<Operation, 'errorBody'>): readonly number[] {
  if (op.errorBody === 'token-metadata') return [404, 422];
  if (op.errorBody === 'bns' || op.errorBody === 'signer-metrics') return [404];
  return [];
}
