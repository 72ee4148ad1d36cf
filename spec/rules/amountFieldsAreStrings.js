import { isObject, resolveLocalRef } from './lib/openapi.js';

// Amounts are micro-unit integers that overflow JSON numbers in many clients,
// so the service sends them as decimal strings. This is the one list of
// property names treated as amounts.
const AMOUNT_NAMES = new Set([
  'amount',
  'balance',
  'fee_rate',
  'stx_sent',
  'stx_received',
  'total_sent',
  'total_received',
  'total_fees_sent',
  'locked',
  'total_locked',
  'total_unlocked',
  'count',
  'estimated_balance',
  'total_miner_rewards_received',
  'locked_amount',
]);
const AMOUNT_PREFIXES = ['pending_balance_'];

function isAmountName(name) {
  return AMOUNT_NAMES.has(name) || AMOUNT_PREFIXES.some((prefix) => name.startsWith(prefix));
}

// Runs on the unresolved document so each schema is checked once, where it is
// written, rather than once per place that references it.
export default function amountFieldsAreStrings(properties, _options, context) {
  if (!isObject(properties) || insideExampleValue(context.path)) return [];
  const root = context.document.data;
  // A stacks-node's own record (`x-stacks-node`) writes its fee rates as JSON numbers.
  if (valueAt(root, context.path.slice(0, -1))?.['x-stacks-node'] === true) return [];
  const results = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!isAmountName(name)) continue;
    const types = typesOf(schema, root, new Set());
    const stringOnly =
      types !== undefined && types.has('string') && [...types].every((t) => t === 'string' || t === 'null');
    // An object under an amount's name (v3's `locked: {amount, …} | null`) holds its amounts,
    // which are checked where they are written.
    const container =
      types !== undefined && types.has('object') && [...types].every((t) => t === 'object' || t === 'null');
    if (!stringOnly && !container) {
      const found = types === undefined ? 'no type' : [...types].join(' | ');
      results.push({
        message: `Amount field "${name}" must be type string (decimal micro-units); found ${found}`,
        path: [...context.path, name],
      });
    }
  }
  return results;
}

function valueAt(root, path) {
  let node = root;
  for (const segment of path) node = isObject(node) || Array.isArray(node) ? node[segment] : undefined;
  return isObject(node) ? node : undefined;
}

// `$..properties` also matches example payloads that happen to contain a
// "properties" key; those are data, not schemas.
function insideExampleValue(path) {
  return path.some(
    (segment, index) => (segment === 'example' || segment === 'examples') && path[index - 1] !== 'properties',
  );
}

/** The JSON types a schema admits, or undefined when it does not constrain the type. */
function typesOf(schema, root, seen) {
  if (!isObject(schema)) return undefined;
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type);
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return undefined;
    return typesOf(resolveLocalRef(root, schema.$ref), root, new Set(seen).add(schema.$ref));
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    if (!Array.isArray(schema[keyword])) continue;
    const union = new Set();
    for (const branch of schema[keyword]) {
      const branchTypes = typesOf(branch, root, seen);
      if (branchTypes === undefined) return undefined;
      branchTypes.forEach((t) => union.add(t));
    }
    return union;
  }
  if (Array.isArray(schema.allOf)) {
    let intersection;
    for (const member of schema.allOf) {
      const memberTypes = typesOf(member, root, seen);
      if (memberTypes === undefined) continue;
      intersection =
        intersection === undefined
          ? memberTypes
          : new Set([...intersection].filter((t) => memberTypes.has(t)));
    }
    return intersection;
  }
  return undefined;
}
