import type { Document, Operation, Parameter } from '../load.ts';
import type { RequestParts } from './request-parts.ts';

/**
 * The class of answer a mutated request must get: `bad-request` 400, `not-found` 404 (the
 * route no longer matches), `forbidden` 403, `uri-too-long` 414 (or what the server's own
 * limits give past them).
 */
export type OutcomeClass = 'bad-request' | 'not-found' | 'forbidden' | 'uri-too-long';

/**
 * Which rule refuses the request. The first three are the spec's own (parameter schemas,
 * `required`, `x-parameter-conflicts`): every target must honour them, so the contract suite
 * sends them. The others are how the mock reads a URL and its limits, which the fuzzer checks.
 */
export type MutationRule =
  'parameter-schema' | 'required' | 'conflict' | 'query-syntax' | 'url-syntax' | 'url-length' | 'api-key';

/** What a mutation breaks with besides the spec and valid examples: strings its caller makes up. */
export type Material = 'hostile-values' | 'api-keys' | 'padding';

/** One broken request, and how to name it. */
export interface MutatedRequest {
  request: RequestParts;
  /** Short, unique within the operation, e.g. `limit=51 (above the maximum 50)`. */
  label: string;
  /** The rule that refuses it, as a failure names it. */
  because: string;
  /** The broken value, for a mutation of one parameter's value. */
  value?: string;
}

export interface MutationInput {
  doc: Document;
  op: Operation;
  /** An otherwise valid request to break. */
  valid: RequestParts;
  /** Valid values per parameter name, for the mutations that start from one. */
  examples: Record<string, string[]>;
  /** The caller's strings, for a mutation that names its `material`; empty otherwise. */
  material: string[];
  /** Whether the spec accepts this raw value for the parameter, read as its caller reads parameters. */
  accepts(param: Parameter, value: string): boolean;
}

interface About {
  /** kebab-case, unique in the registry. */
  name: string;
  /** What the mutation does to a valid request. */
  produces: string;
  rule: MutationRule;
  outcome: OutcomeClass;
  material?: Material;
}

/** Breaks one parameter of the kinds in `appliesTo`; no request where its schema gives it nothing to break. */
export interface ParameterMutation extends About {
  scope: 'parameter';
  appliesTo: readonly ('path' | 'query')[];
  apply(input: MutationInput & { param: Parameter }): MutatedRequest[];
}

/** Breaks the request as a whole (its URL, its headers, a combination of parameters). */
export interface RequestMutation extends About {
  scope: 'request';
  apply(input: MutationInput): MutatedRequest[];
}

export type Mutation = ParameterMutation | RequestMutation;
