import { isObject, operationLabel, operations } from './lib/openapi.js';

const ENVELOPE_KEYS = ['limit', 'offset', 'total', 'results'];

// Unbounded or default-less paging lets the mock and the real service disagree
// on page size, so every list operation must pin both knobs down.
export default function paginationParameters(paths) {
  const results = [];
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const query = queryParameters(pathItem, operation, path);
    const limit = query.get('limit');
    if (!limit && !returnsEnvelope(operation)) continue;

    const label = operationLabel(method, route);
    // A cursor-paginated operation (v3) pages by `cursor` instead of `offset`.
    const knobs = query.has('cursor') ? ['limit'] : ['limit', 'offset'];
    for (const name of knobs) {
      const parameter = query.get(name);
      if (!parameter) {
        results.push({
          message: `${label} is a list operation but has no "${name}" query parameter`,
          path: [...path, 'parameters'],
        });
        continue;
      }
      const schema = isObject(parameter.value.schema) ? parameter.value.schema : {};
      const required = name === 'limit' ? ['minimum', 'maximum', 'default'] : ['minimum', 'default'];
      for (const keyword of required) {
        if (schema[keyword] === undefined) {
          results.push({
            message: `${label}: "${name}" schema declares no ${keyword}`,
            path: [...parameter.path, 'schema'],
          });
        }
      }
      if (name === 'offset' && schema.minimum !== undefined && schema.minimum !== 0) {
        results.push({
          message: `${label}: "offset" schema must have minimum 0`,
          path: [...parameter.path, 'schema', 'minimum'],
        });
      }
    }
  }
  return results;
}

/** Operation-level parameters override path-level ones with the same name and location. */
function queryParameters(pathItem, operation, operationPath) {
  const byName = new Map();
  const collect = (list, listPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((parameter, index) => {
      if (isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string') {
        byName.set(parameter.name, { value: parameter, path: [...listPath, index] });
      }
    });
  };
  collect(pathItem.parameters, [...operationPath.slice(0, -1), 'parameters']);
  collect(operation.parameters, [...operationPath, 'parameters']);
  return byName;
}

function returnsEnvelope(operation) {
  const ok = isObject(operation.responses) ? operation.responses['200'] : undefined;
  if (!isObject(ok) || !isObject(ok.content)) return false;
  return Object.values(ok.content).some((media) => {
    const names = propertyNames(isObject(media) ? media.schema : undefined);
    return ENVELOPE_KEYS.every((key) => names.has(key));
  });
}

/** Property names a schema declares itself or through allOf members. */
function propertyNames(schema, seen = new Set()) {
  const names = new Set();
  if (!isObject(schema) || seen.has(schema)) return names;
  seen.add(schema);
  if (isObject(schema.properties)) Object.keys(schema.properties).forEach((name) => names.add(name));
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) propertyNames(member, seen).forEach((name) => names.add(name));
  }
  return names;
}
