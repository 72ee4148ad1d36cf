// Shared by the house-rule functions. This file is not a Spectral function:
// the ruleset's `functions` list names only the files one level up, and the
// ruleset bundler inlines this module into each function that imports it.

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Yields every operation of a `paths` object with its location and path item. */
export function* operations(paths) {
  if (!isObject(paths)) return;
  for (const [route, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) {
        yield { route, method, pathItem, operation, path: ['paths', route, method] };
      }
    }
  }
}

export function operationLabel(method, route) {
  return `${method.toUpperCase()} ${route}`;
}

/**
 * Follows a same-document `$ref` ("#/a/b"). Returns undefined for anything it
 * cannot follow, so callers decide whether an unfollowable ref is a finding.
 */
export function resolveLocalRef(root, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = node[segment];
  }
  return node;
}
