// spec/asyncapi.yaml read for checking a live stream: each message's payload schema, its refs to
// spec/openapi.yaml's components resolved by the spec's own ajv (one source of truth).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Document } from './document.ts';
import { loadSpec } from './load.ts';
import { createSpecAjv, type SpecAjv } from './schemas.ts';
import { parseYaml } from './yaml-cache.ts';

export const ASYNCAPI_PATH = fileURLToPath(new URL('./asyncapi.yaml', import.meta.url));

const OPENAPI_REF = './openapi.yaml#';
const LOCAL_SCHEMA = '#/components/schemas/';

interface AsyncApiMessage {
  name?: string;
  payload: unknown;
  'x-envelope'?: 'jsonrpc';
}

interface AsyncApi {
  components: { schemas: Record<string, unknown>; messages: Record<string, AsyncApiMessage> };
}

/** A schema with the document's own refs inlined and its refs into the OpenAPI made the spec's. */
function resolved(value: unknown, doc: AsyncApi): unknown {
  if (Array.isArray(value)) return value.map((v) => resolved(v, doc));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(LOCAL_SCHEMA))
    return resolved(doc.components.schemas[ref.slice(LOCAL_SCHEMA.length)], doc);
  if (typeof ref === 'string' && ref.startsWith(OPENAPI_REF))
    return { $ref: `#${ref.slice(OPENAPI_REF.length)}` };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, doc)]));
}

/** What is wrong with a live message, by the document: nothing when it is well formed. */
export interface LiveSchemas {
  /** A JSON-RPC notification's params, by its method (`block`, `tx_update`, …). */
  jsonRpc(method: string, params: unknown): string[];
  /** A socket.io event's arguments, by its message (`ioBlock`'s name `block`; `transaction:{tx_id}` by its prefix). */
  socketIo(event: string, args: unknown[]): string[];
}

/**
 * The live messages' checks; `ajv` is the one that already compiles the REST answers' schemas
 * (the contract suite's), so the two share their compiled components.
 */
export function loadLiveSchemas(
  openapi: Document = loadSpec(),
  ajv: SpecAjv = createSpecAjv(openapi),
): LiveSchemas {
  const doc = parseYaml(readFileSync(ASYNCAPI_PATH, 'utf8')) as AsyncApi;
  const messages = Object.values(doc.components.messages);
  const compiled = new Map<AsyncApiMessage, ReturnType<typeof ajv.compile>>();
  const check = (message: AsyncApiMessage | undefined, value: unknown, what: string): string[] => {
    if (!message) return [`${what}: not a message of spec/asyncapi.yaml`];
    let validate = compiled.get(message);
    if (!validate) compiled.set(message, (validate = ajv.compile(resolved(message.payload, doc))));
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? 'is invalid'}`);
  };
  const rpc = new Map(
    Object.entries(doc.components.messages).filter(([, m]) => m['x-envelope'] === 'jsonrpc'),
  );
  return {
    jsonRpc: (method, params) => check(rpc.get(method), params, method),
    socketIo: (event, args) => {
      const message = messages.find(
        (m) =>
          m.name !== undefined &&
          (m.name === event || (m.name.includes('{') && event.startsWith(m.name.split('{')[0] as string))),
      );
      return check(message, args, event);
    },
  };
}
