import { isObject, operationLabel, operations } from './lib/openapi.js';

// The differential builds an operation's bad inputs on its valid request with this query: a name
// that is no query parameter of it, or a value that is not a string as a URL carries it, would
// send requests no recording was made of.
export default function badInputs(paths) {
  const results = [];
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const declared = operation['x-bad-inputs'];
    if (declared === undefined) continue;
    const at = [...path, 'x-bad-inputs'];
    const report = (message, where = at) =>
      results.push({ message: `${operationLabel(method, route)} ${message}`, path: where });
    if (!isObject(declared) || !isObject(declared.query)) {
      report('has an x-bad-inputs that is not an object with a `query` map');
      continue;
    }
    const names = new Set(
      [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
        .filter((p) => isObject(p) && p.in === 'query')
        .map((p) => p.name),
    );
    for (const [name, value] of Object.entries(declared.query)) {
      const where = [...at, 'query', name];
      if (!names.has(name)) report(`has x-bad-inputs.query "${name}", not a query parameter of it`, where);
      else if (typeof value !== 'string')
        report(`has x-bad-inputs.query "${name}" that is not a string`, where);
    }
  }
  return results;
}
