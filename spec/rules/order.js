import { isObject, operationLabel, operations } from './lib/openapi.js';

const ORDERS = ['ascending', 'descending'];

/** Whether a dotted path names a property of the schema (through allOf, oneOf and anyOf). */
function hasPath(schema, steps) {
  if (steps.length === 0) return true;
  if (!isObject(schema)) return false;
  const [step, ...rest] = steps;
  if (isObject(schema.properties) && step in schema.properties) return hasPath(schema.properties[step], rest);
  return ['allOf', 'oneOf', 'anyOf'].some(
    (k) => Array.isArray(schema[k]) && schema[k].some((branch) => hasPath(branch, steps)),
  );
}

// The contract suite walks an `x-order` operation's pages by offset and checks each page and each
// boundary by it: a field its items do not have, or words its description does not say, would
// check an order nobody documented.
export default function order(paths) {
  const results = [];
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const declared = operation['x-order'];
    if (declared === undefined) continue;
    const at = [...path, 'x-order'];
    const report = (message, where = at) =>
      results.push({ message: `${operationLabel(method, route)} ${message}`, path: where });
    if (!isObject(declared) || typeof declared.says !== 'string' || typeof declared.key !== 'string') {
      report('has an x-order that is not an object with `says` and `key` strings and `by` fields');
      continue;
    }
    const query = new Set(
      [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
        .filter((p) => isObject(p) && p.in === 'query')
        .map((p) => p.name),
    );
    if (!query.has('limit') || !query.has('offset'))
      report('has an x-order but no `limit` and `offset` to page by');
    const words = (s) => String(s).replace(/\s+/g, ' ');
    if (!words(operation.description ?? '').includes(words(declared.says)))
      report(`has x-order.says "${declared.says}", which its description does not say`, [...at, 'says']);
    const item =
      operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.results?.items;
    const fields = Array.isArray(declared.by) ? declared.by : [];
    if (fields.length === 0) report('has an x-order without `by` fields', at);
    const names = [
      [declared.key, [...at, 'key']],
      ...fields.map((f, i) => [isObject(f) ? f.field : undefined, [...at, 'by', i]]),
    ];
    for (const [name, where] of names)
      if (typeof name !== 'string' || !hasPath(item, name.split('.')))
        report(`has x-order field ${JSON.stringify(name)}, not a field of its results' items`, where);
    fields.forEach((f, i) => {
      if (!isObject(f)) return;
      if (!ORDERS.includes(f.order))
        report(`has x-order order ${JSON.stringify(f.order)}, not ascending or descending`, [...at, 'by', i]);
      if (f.case !== undefined && f.case !== 'insensitive')
        report(`has x-order case ${JSON.stringify(f.case)}, not insensitive`, [...at, 'by', i]);
    });
  }
  return results;
}
