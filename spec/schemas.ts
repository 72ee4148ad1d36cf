import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isStacksAssetIdentifier, isStacksPrincipal } from './formats.ts';
import type { Document } from './document.ts';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

const REGISTRY_ID = 'spec:components';
const SCHEMAS = '#/components/schemas/';

/**
 * Rewrites the spec's `#/components/schemas/...` references so ajv can resolve them inside one
 * registered schema document; OpenAPI-only keywords are left for ajv to ignore.
 */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS)) {
      out[key] = `${REGISTRY_ID}#/$defs/${child.slice(SCHEMAS.length)}`;
    } else if (key === 'example' || key === 'examples') {
      out[key] = child;
    } else {
      out[key] = rewriteRefs(child);
    }
  }
  return out;
}

export interface SpecAjv {
  ajv: Ajv2020;
  /** Compiles any schema fragment taken from the spec (its refs may point into components). */
  compile(schema: unknown): ValidateFunction;
  /** Compiles `#/components/schemas/<name>`. */
  component(name: string): ValidateFunction;
}

/**
 * One ajv instance holding the spec's components, with the formats the spec uses. Nothing is
 * ever coerced (a number is never an amount); `defaults: true` fills in the spec's defaults, for
 * validating requests.
 */
export function createSpecAjv(doc: Document, opts: { defaults?: boolean } = {}): SpecAjv {
  const options: Options = {
    strict: false,
    allErrors: false,
    discriminator: false,
    ...(opts.defaults ? { useDefaults: true } : {}),
  };
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  ajv.addFormat('stacks-principal', { type: 'string', validate: isStacksPrincipal });
  ajv.addFormat('stacks-asset-identifier', { type: 'string', validate: isStacksAssetIdentifier });
  ajv.addSchema({ $id: REGISTRY_ID, $defs: rewriteRefs(doc.components?.schemas ?? {}) });
  const compiled = new Map<unknown, ValidateFunction>();
  const compile = (schema: unknown): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile(rewriteRefs(schema) as object);
      compiled.set(schema, fn);
    }
    return fn;
  };
  return {
    ajv,
    compile,
    component: (name) => compile({ $ref: `#/components/schemas/${name}` }),
  };
}
