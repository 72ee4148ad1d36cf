/**
 * Paths into a parsed OpenAPI document, for tests that mutate one spot of the spec and lint the
 * copy. Each throws, rather than answering undefined, so a reshuffled spec breaks its test loudly.
 */
export type JsonObject = Record<string, unknown>;
export type JsonPath = (string | number)[];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws instead of returning undefined so a spec reshuffle breaks the test loudly rather than silently. */
export function objectAt(doc: JsonObject, path: JsonPath): JsonObject {
  let node: unknown = doc;
  for (const segment of path)
    node = isObject(node) || Array.isArray(node) ? (node as JsonObject)[segment] : undefined;
  if (!isObject(node)) throw new Error(`the document has no object at ${path.join(' > ')}`);
  return node;
}

/** The path of the object a (possibly $ref'd) node finally stands for. */
export function derefPath(doc: JsonObject, path: JsonPath): JsonPath {
  let current = path;
  for (let hops = 0; hops < 10; hops++) {
    const ref = objectAt(doc, current).$ref;
    if (typeof ref !== 'string') return current;
    if (!ref.startsWith('#/')) throw new Error(`cannot follow ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  throw new Error(`$ref chain too long at ${path.join(' > ')}`);
}

function operations(doc: JsonObject): { path: JsonPath; operation: JsonObject }[] {
  return Object.entries(objectAt(doc, ['paths'])).flatMap(([route, item]) =>
    METHODS.filter((method) => isObject(item) && isObject(item[method])).map((method) => ({
      path: ['paths', route, method],
      operation: objectAt(doc, ['paths', route, method]),
    })),
  );
}

export function operationPath(doc: JsonObject, operationId: string): JsonPath {
  const found = operations(doc).find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`spec/openapi.yaml has no operation ${operationId}`);
  return found.path;
}

export function firstDeprecatedOperationPath(doc: JsonObject): JsonPath {
  const found = operations(doc).find(({ operation }) => operation.deprecated === true);
  if (!found) throw new Error('spec/openapi.yaml has no deprecated operation');
  return found.path;
}

/** Path of the (dereferenced) query parameter `name` of an operation. */
export function queryParameterPath(doc: JsonObject, operation: JsonPath, name: string): JsonPath {
  const list = objectAt(doc, operation.slice(0, -1)).parameters ?? [];
  const own = objectAt(doc, operation).parameters ?? [];
  const candidates = [
    ...(Array.isArray(list) ? list.map((_, index) => [...operation.slice(0, -1), 'parameters', index]) : []),
    ...(Array.isArray(own) ? own.map((_, index) => [...operation, 'parameters', index]) : []),
  ].map((path) => derefPath(doc, path));
  const found = candidates.find((path) => {
    const parameter = objectAt(doc, path);
    return parameter.in === 'query' && parameter.name === name;
  });
  if (!found) throw new Error(`${operation.join(' > ')} has no query parameter ${name}`);
  return found;
}

/** Path of the first schema `properties` object, outside example values, that declares `name`. */
export function propertiesDeclaring(doc: JsonObject, name: string): JsonPath {
  const visit = (node: unknown, path: JsonPath): JsonPath | undefined => {
    if (!isObject(node)) return undefined;
    if (isObject(node.properties) && name in node.properties) return [...path, 'properties'];
    for (const [key, child] of Object.entries(node)) {
      if (key === 'example' || key === 'examples') continue;
      const hit = visit(child, [...path, key]);
      if (hit) return hit;
    }
    return undefined;
  };
  const found = visit(doc, []);
  if (!found) throw new Error(`no schema in spec/openapi.yaml declares a "${name}" property`);
  return found;
}
