import { resolve, type Operation, type Parameter, type Schema } from '../../spec/load.ts';
import type { MutatedRequest, MutationInput } from '../../spec/invalid-requests/mutation.ts';
import { MUTATIONS, SPEC_RULES } from '../../spec/invalid-requests/mutations.ts';
import type { RequestParts } from '../../spec/invalid-requests/request-parts.ts';
import { doc, type Query } from '../spec-context.ts';
import { accepts } from './parameter-reading.ts';

/** A request the spec says must be refused with 400, and why. */
export interface BadRequestCase {
  /** Short and unique within the operation, e.g. `limit=51 (above the maximum 50)`. */
  name: string;
  path: Record<string, string>;
  query: Query;
  because: string;
}

export interface ValidRequest {
  path: Record<string, string>;
  query: Query;
}

/** The mutations of the spec's own rules that need nothing made up: what every target must refuse. */
const SUITE_MUTATIONS = MUTATIONS.filter((m) => SPEC_RULES.has(m.rule) && m.material === undefined);

function partsOf(valid: ValidRequest): RequestParts {
  const query = Object.entries(valid.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
  return { path: { ...valid.path }, query, headers: {} };
}

function queryOf(parts: RequestParts): Query {
  const query: Query = {};
  for (const [name, value] of parts.query) {
    if (value === null)
      throw new Error(`the suite sends every query parameter with a value; ${name} has none`);
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** The suite's own reading of a raw value (an exploded array's item stands for the array). */
function specAccepts(param: Parameter, value: string): boolean {
  const array = resolve<Schema>(doc, param.schema as Schema).type === 'array';
  return accepts(param.schema, array ? [value] : value);
}

/** One case per reason and per value: the first invalid value found for a reason names it. */
function firstPerReason(found: MutatedRequest[]): MutatedRequest[] {
  const seen = new Set<string>();
  return found.filter((c) => {
    const keys = [c.because, ...(c.value !== undefined ? [`=${c.value}`] : [])];
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}

/**
 * Every 400 the spec implies for an operation, from the registry of mutations
 * (spec/invalid-requests/): each bound, type, pattern and format broken one at a time on an
 * otherwise valid request; each required query parameter left out; each
 * `x-parameter-conflicts` combination. `examples` gives valid values per parameter (from the
 * target) for the mutations that start from one.
 */
export function badRequestCases(
  op: Operation,
  valid: ValidRequest,
  examples: Record<string, string[]>,
): BadRequestCase[] {
  const input: MutationInput = {
    doc,
    op,
    valid: partsOf(valid),
    examples,
    material: [],
    accepts: specAccepts,
  };
  const found: MutatedRequest[] = [];
  for (const param of op.parameters) {
    if (param.in !== 'path' && param.in !== 'query') continue;
    const own: MutatedRequest[] = [];
    for (const m of SUITE_MUTATIONS)
      if (m.scope === 'parameter' && m.appliesTo.includes(param.in))
        own.push(...m.apply({ ...input, param }));
    found.push(...firstPerReason(own));
  }
  for (const m of SUITE_MUTATIONS) if (m.scope === 'request') found.push(...m.apply(input));
  return found.map(({ request, label, because }) => ({
    name: label,
    path: request.path,
    query: queryOf(request),
    because,
  }));
}
