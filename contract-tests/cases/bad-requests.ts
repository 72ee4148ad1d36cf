import { resolve, type Operation, type Parameter, type Schema } from '../../spec/load.ts';
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

interface Candidate {
  value: string;
  reason: string;
  /** The reason is true of this value (a shorter principal may still match the pattern, say). */
  holds?: (value: string) => boolean;
}

const C32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function shown(value: string): string {
  return value.length > 24 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}

/** The same address with its last character changed so the c32check checksum no longer holds. */
function breakChecksum(principal: string): string[] {
  const dot = principal.indexOf('.');
  const address = dot === -1 ? principal : principal.slice(0, dot);
  const rest = dot === -1 ? '' : principal.slice(dot);
  const last = address.slice(-1);
  return [...C32]
    .filter((c) => c !== last)
    .slice(0, 4)
    .map((c) => `${address.slice(0, -1)}${c}${rest}`);
}

/** Values that break one constraint of the schema each, built from valid examples. */
function candidates(name: string, raw: Schema, examples: string[]): Candidate[] {
  const schema = resolve<Schema>(doc, raw);
  const out: Candidate[] = [];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    for (const branch of branches) out.push(...candidates(name, branch, examples));
    return out;
  }
  if (schema.type === 'array' && schema.items) return candidates(name, schema.items as Schema, examples);
  if (schema.type === 'integer' || schema.type === 'number') {
    if (typeof schema.minimum === 'number')
      out.push({ value: String(schema.minimum - 1), reason: `below the minimum ${schema.minimum}` });
    if (typeof schema.maximum === 'number')
      out.push({ value: String(schema.maximum + 1), reason: `above the maximum ${schema.maximum}` });
    out.push({ value: 'abc', reason: `not an ${schema.type}` });
  }
  if (schema.type === 'boolean') out.push({ value: 'yes', reason: 'not true or false' });
  if (schema.enum) out.push({ value: `not-${name}`, reason: `not one of ${schema.enum.join(', ')}` });
  if (schema.type === 'string' && schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fails = (v: string): boolean => !pattern.test(v);
    out.push({ value: `not-${name}`, reason: `does not match the pattern ${schema.pattern}`, holds: fails });
    for (const example of examples) {
      out.push({
        value: example.slice(0, -1),
        reason: `one character short of the pattern ${schema.pattern}`,
        holds: fails,
      });
      if (schema.pattern.startsWith('^0x') && example.startsWith('0x')) {
        out.push({
          value: example.slice(2),
          reason: `no 0x prefix, which the pattern ${schema.pattern} requires`,
          holds: fails,
        });
      }
    }
    if (schema.format === 'stacks-principal') {
      const reason = 'bad c32check checksum (format stacks-principal)';
      for (const example of examples)
        out.push(
          ...breakChecksum(example).map((value) => ({
            value,
            reason,
            holds: (v: string) => pattern.test(v),
          })),
        );
    }
  }
  return out;
}

/** One case per reason: the first invalid value found for it. */
function invalidValues(param: Parameter, examples: string[]): Candidate[] {
  const seen = new Set<string>();
  const kept: Candidate[] = [];
  const array = resolve<Schema>(doc, param.schema as Schema).type === 'array';
  for (const c of candidates(param.name, param.schema as Schema, examples)) {
    if (seen.has(c.reason) || seen.has(c.value)) continue;
    if ((c.holds && !c.holds(c.value)) || accepts(param.schema, array ? [c.value] : c.value)) continue;
    seen.add(c.reason);
    seen.add(c.value);
    kept.push(c);
  }
  return kept;
}

/**
 * Every 400 the spec implies for an operation, derived from its parameters: each bound, type,
 * pattern and format broken one at a time on an otherwise valid request; each required query
 * parameter left out; each `x-parameter-conflicts` combination. `examples` gives valid values
 * per parameter (from the target) for the mutations that start from one.
 */
export function badRequestCases(
  op: Operation,
  valid: ValidRequest,
  examples: Record<string, string[]>,
): BadRequestCase[] {
  const cases: BadRequestCase[] = [];
  for (const param of op.parameters) {
    if (param.in !== 'path' && param.in !== 'query') continue;
    const own = examples[param.name] ?? [];
    for (const { value, reason } of invalidValues(param, own)) {
      const request = structuredClone(valid);
      if (param.in === 'path') request.path[param.name] = value;
      else request.query[param.name] = value;
      cases.push({
        name: `${param.name}=${shown(value)} (${reason})`,
        ...request,
        because: `${param.in} parameter ${param.name}: ${reason}`,
      });
    }
    if (param.in === 'query' && param.required) {
      const request = structuredClone(valid);
      delete request.query[param.name];
      cases.push({
        name: `${param.name} missing (required)`,
        ...request,
        because: `query parameter ${param.name} is required`,
      });
    }
  }
  for (const conflict of op.conflicts) {
    const request = structuredClone(valid);
    for (const name of conflict.parameters) {
      const forced = conflict.when?.[name];
      const value = forced !== undefined ? String(forced) : examples[name]?.[0];
      if (value === undefined)
        throw new Error(`${op.operationId}: no valid example for ${name} to build the conflict case`);
      request.query[name] = value;
    }
    cases.push({
      name: `${conflict.parameters.join(' with ')} (x-parameter-conflicts)`,
      ...request,
      because: `x-parameter-conflicts: ${conflict.message}`,
    });
  }
  return cases;
}
