import type { ValidateFunction } from 'ajv/dist/2020.js';

/**
 * What `npm run build` works out from the spec files ahead of time for the bundled bins and API
 * (scripts/precompile-spec.ts): each file parsed, and the request-side validators the mock
 * compiles at start as ajv's standalone code. Run from the sources, or from tsc's unbundled
 * output, there is nothing ahead of time: the files are parsed and their schemas compiled at
 * start. The bundler puts the generated module in place of this one; both say the same thing,
 * the spec being the one source of each.
 */
export interface Precompiled {
  /** Each spec file, parsed, by its path from the package's root (`spec/openapi.yaml`). */
  documents: Record<string, unknown>;
  /**
   * By the same path, the validators `createSpecAjv(doc, { defaults: true })` compiles, keyed
   * by the JSON of the schema as it is handed to `compile`.
   */
  validators: Record<string, Record<string, ValidateFunction>>;
}

export const PRECOMPILED: Precompiled | undefined = undefined;
