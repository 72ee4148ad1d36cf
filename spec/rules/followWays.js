import { isObject, operationLabel, operations } from './lib/openapi.js';

// The facts an answer names (FOLLOW_FACTS in spec/document.ts, which refuses any other at load).
const FACTS = [
  'principal',
  'transaction.tx_id',
  'transaction.block_height',
  'transaction.sender_address',
  'item.tx_id',
  'item.block_height',
  'block.index_block_hash',
  'party',
];

// The exploration builds a request of the operation from an `x-follow` way: a parameter it does
// not have, a path parameter left unfilled, or an `after` naming no operation would send requests
// the spec never described.
export default function followWays(paths) {
  const results = [];
  const ids = new Set([...operations(paths)].map(({ operation }) => operation.operationId));
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const declared = operation['x-follow'];
    if (declared === undefined) continue;
    const at = [...path, 'x-follow'];
    const report = (message, where) =>
      results.push({ message: `${operationLabel(method, route)} ${message}`, path: where });
    if (!Array.isArray(declared)) {
      report('has an x-follow that is not a list of ways', at);
      continue;
    }
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].filter(isObject);
    const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const names = new Set(parameters.map((p) => p.name));
    declared.forEach((way, i) => {
      const here = [...at, i];
      if (!isObject(way)) return report('has an x-follow way that is not an object', here);
      const from = isObject(way.from) ? way.from : {};
      const fixed = isObject(way.with) ? way.with : {};
      for (const [name, fact] of Object.entries(from)) {
        if (!names.has(name))
          report(`has x-follow from "${name}", not a parameter of it`, [...here, 'from', name]);
        if (!FACTS.includes(fact))
          report(`has x-follow fact ${JSON.stringify(fact)}, not a known fact (${FACTS.join(', ')})`, [
            ...here,
            'from',
            name,
          ]);
      }
      for (const [name, value] of Object.entries(fixed)) {
        if (!names.has(name))
          report(`has x-follow with "${name}", not a parameter of it`, [...here, 'with', name]);
        if (typeof value !== 'string')
          report(`has x-follow with "${name}" that is not a string`, [...here, 'with', name]);
      }
      for (const name of pathNames)
        if (!(name in from) && !(name in fixed))
          report(`has an x-follow way that leaves "${name}" unfilled`, here);
      for (const id of Array.isArray(way.after) ? way.after : [])
        if (!ids.has(id)) report(`has x-follow after "${id}", no operation of the spec`, [...here, 'after']);
    });
  }
  return results;
}
