import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import { addFormats, Ajv2020 } from './ajv.ts';
import { STACKS_FORMATS } from './formats.ts';
import type { Document } from './document.ts';
import { PRECOMPILED } from './precompiled.ts';

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
  /** Compiles any schema fragment taken from the spec (its refs may point into components). */
  compile(schema: unknown): ValidateFunction;
  /** Compiles `#/components/schemas/<name>`. */
  component(name: string): ValidateFunction;
}

export interface SpecAjvOptions {
  /** Fill in the spec's defaults: for validating requests. */
  defaults?: boolean;
  /** ajv's `code` options: the build sets them to write standalone code (scripts/precompile-spec.ts). */
  code?: Options['code'];
}

/**
 * An ajv instance holding the spec's components, with the formats the spec uses. Nothing is
 * ever coerced (a number is never an amount).
 */
export function newSpecAjv(doc: Document, opts: SpecAjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    discriminator: false,
    ...(opts.defaults ? { useDefaults: true } : {}),
    ...(opts.code ? { code: opts.code } : {}),
  });
  addFormats(ajv);
  for (const [name, format] of Object.entries(STACKS_FORMATS)) ajv.addFormat(name, format);
  ajv.addSchema({ $id: REGISTRY_ID, $defs: rewriteRefs(doc.components?.schemas ?? {}) });
  return ajv;
}

/** A schema as `compile` receives it, rewritten for ajv's one registered document. */
export function registrySchema(schema: unknown): object {
  return rewriteRefs(schema) as object;
}

/** How the build's validators are found again: by the JSON of the schema handed to `compile`. */
export function schemaKey(schema: unknown): string {
  return JSON.stringify(schema);
}

/** One document's validators for one set of options, shared by every `createSpecAjv` of it. */
interface Compiled {
  ajv: Ajv2020 | undefined;
  /** By the schema's JSON (`schemaKey`), as the build's are found. */
  byKey: Map<string, ValidateFunction>;
}

/**
 * What each document's ajv compiled, by options: every mock a process starts (a test file starts
 * several, each building its own pipeline) asks for the same request validators, and compiling
 * them again was about 0.6 s of CPU a mock. A document no longer held lets go of its own.
 */
const COMPILED = new WeakMap<Document, Map<string, Compiled>>();

function compiledFor(doc: Document, opts: SpecAjvOptions): Compiled {
  let byOptions = COMPILED.get(doc);
  if (!byOptions) COMPILED.set(doc, (byOptions = new Map()));
  const key = JSON.stringify(opts);
  let compiled = byOptions.get(key);
  if (!compiled) byOptions.set(key, (compiled = { ajv: undefined, byKey: new Map() }));
  return compiled;
}

/**
 * The spec's validators, compiled once per schema fragment and document; `defaults: true` fills
 * in the spec's defaults, for validating requests. Those the build compiled ahead of time for
 * this very document (precompiled.ts) are taken as they are; any other is compiled by ajv, which
 * is only set up when the first one is. A schema object seen before is found by itself; a new
 * one (a request part's, built for each pipeline) by its JSON.
 */
export function createSpecAjv(doc: Document, opts: SpecAjvOptions = {}): SpecAjv {
  const ahead = opts.defaults ? precompiledValidators(doc) : undefined;
  const shared = compiledFor(doc, opts);
  const seen = new Map<unknown, ValidateFunction>();
  const compile = (schema: unknown): ValidateFunction => {
    let fn = seen.get(schema);
    if (!fn) {
      const key = schemaKey(schema);
      fn = ahead?.[key] ?? shared.byKey.get(key);
      if (!fn) {
        fn = (shared.ajv ??= newSpecAjv(doc, opts)).compile(registrySchema(schema));
        shared.byKey.set(key, fn);
      }
      seen.set(schema, fn);
    }
    return fn;
  };
  return {
    compile,
    component: (name) => compile({ $ref: `#/components/schemas/${name}` }),
  };
}

/** The build's request validators of a document it parsed (that very object), if any. */
function precompiledValidators(doc: Document): Record<string, ValidateFunction> | undefined {
  if (!PRECOMPILED) return undefined;
  for (const [file, parsed] of Object.entries(PRECOMPILED.documents))
    if (parsed === doc) return PRECOMPILED.validators[file];
  return undefined;
}
