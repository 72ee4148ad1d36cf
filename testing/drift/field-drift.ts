import { resolve, type Document } from '../../spec/load.ts';
import type { DescribedResource, JsonType } from './description-fields.ts';

type SchemaNode = Record<string, unknown>;

/**
 * Where a described resource lives in the spec: a component name, optionally followed by
 * property names, e.g. `ServerStatus.chain_tip`.
 */
export type SchemaTarget = string;

export interface DriftProblem {
  resource: string;
  target: SchemaTarget;
  field: string;
  problem: string;
}

/**
 * Every field of every described resource that its mapped schemas lack or type differently.
 * Throws when the mapping and the description disagree on which resources exist, so neither can
 * drift out of the check unnoticed.
 */
export function fieldDrift(
  doc: Document,
  resources: DescribedResource[],
  mapping: Record<string, SchemaTarget[]>,
): DriftProblem[] {
  const described = new Set(resources.map((r) => r.id));
  const unmapped = [...described].filter((id) => !mapping[id]);
  const stale = Object.keys(mapping).filter((id) => !described.has(id));
  if (unmapped.length > 0 || stale.length > 0) {
    throw new Error(
      `description/spec mapping is out of date: unmapped resources [${unmapped.join('; ')}], ` +
        `mapped but not in the description [${stale.join('; ')}]`,
    );
  }
  const problems: DriftProblem[] = [];
  for (const resource of resources) {
    for (const target of mapping[resource.id]!) {
      const schema = targetSchema(doc, target);
      for (const field of resource.fields) {
        const property = propertySchema(doc, schema, field.name);
        const problem = property === undefined ? 'missing' : typeProblem(typesOf(doc, property), field.type);
        if (problem) problems.push({ resource: resource.id, target, field: field.name, problem });
      }
    }
  }
  return problems;
}

export function formatDriftProblem(p: DriftProblem): string {
  return `${p.resource}: ${p.target}.${p.field} ${p.problem}`;
}

function targetSchema(doc: Document, target: SchemaTarget): SchemaNode {
  const [component, ...path] = target.split('.');
  let schema = resolve<SchemaNode>(doc, { $ref: `#/components/schemas/${component}` });
  for (const name of path) {
    const next = propertySchema(doc, schema, name);
    if (!next) throw new Error(`mapping target ${target}: no property ${name}`);
    schema = next;
  }
  return schema;
}

/**
 * The schema a property has inside a composed schema: the members of `allOf` all apply, so their
 * declarations are intersected; of `oneOf`/`anyOf` one branch applies, so the branches that
 * declare the property are united. Undefined when nothing declares it.
 */
function propertySchema(doc: Document, node: unknown, name: string): SchemaNode | undefined {
  const schema = resolve<SchemaNode>(doc, node as SchemaNode);
  const parts: SchemaNode[] = [];
  const own = (schema.properties as Record<string, unknown> | undefined)?.[name];
  if (own !== undefined) parts.push(own as SchemaNode);
  for (const member of (schema.allOf as unknown[] | undefined) ?? []) {
    const found = propertySchema(doc, member, name);
    if (found) parts.push(found);
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    const branches = ((schema[keyword] as unknown[] | undefined) ?? [])
      .map((branch) => propertySchema(doc, branch, name))
      .filter((found): found is SchemaNode => found !== undefined);
    if (branches.length > 0) parts.push({ anyOf: branches });
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { allOf: parts };
}

/** The JSON types a schema admits; undefined when it does not restrict the type. */
function typesOf(doc: Document, node: unknown): Set<JsonType> | undefined {
  const schema = resolve<SchemaNode>(doc, node as SchemaNode);
  let types: Set<JsonType> | undefined;
  if (schema.type !== undefined) {
    types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  } else if ('const' in schema) {
    types = new Set([jsonTypeOfValue(schema.const)]);
  } else if (Array.isArray(schema.enum)) {
    types = new Set(schema.enum.map(jsonTypeOfValue));
  }
  for (const member of (schema.allOf as unknown[] | undefined) ?? []) {
    types = intersect(types, typesOf(doc, member));
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    const branches = schema[keyword] as unknown[] | undefined;
    if (branches) types = intersect(types, unite(branches.map((branch) => typesOf(doc, branch))));
  }
  return types;
}

function typeProblem(types: Set<JsonType> | undefined, described: JsonType): string | undefined {
  if (types === undefined) return `declares no type (the description says ${described})`;
  // JSON Schema's `number` admits integers, and the spec widens on purpose (fractional percentiles).
  if (types.has(described) || (described === 'integer' && types.has('number'))) return undefined;
  return `has type ${[...types].join(' | ') || '(none)'} (the description says ${described})`;
}

function jsonTypeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function intersect(a: Set<JsonType> | undefined, b: Set<JsonType> | undefined): Set<JsonType> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const admits = (set: Set<JsonType>, t: JsonType) => set.has(t) || (t === 'integer' && set.has('number'));
  return new Set([...a, ...b].filter((t) => admits(a, t) && admits(b, t)));
}

function unite(sets: (Set<JsonType> | undefined)[]): Set<JsonType> | undefined {
  if (sets.some((s) => s === undefined)) return undefined;
  return new Set(sets.flatMap((s) => [...s!]));
}
