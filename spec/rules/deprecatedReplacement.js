import { isObject, operationLabel, operations } from './lib/openapi.js';

const ROUTE = /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) \/\S*$/;

// A deprecation that does not say where to go strands clients, so the
// replacement must be machine-readable (x-replaced-by: an operationId and/or the
// replacement's routes) and human-readable (the description).
export default function deprecatedReplacement(paths) {
  const routeByOperationId = new Map();
  for (const { route, method, operation } of operations(paths)) {
    if (typeof operation.operationId === 'string')
      routeByOperationId.set(operation.operationId, `${method.toUpperCase()} ${route}`);
  }

  const results = [];
  for (const { route, method, operation, path } of operations(paths)) {
    if (operation.deprecated !== true) continue;
    const label = operationLabel(method, route);
    const report = (message, at = path) => results.push({ message: `${label} ${message}`, path: at });
    const newest = operation['x-replaced-by'];
    if (newest === undefined) {
      report('is deprecated but has no x-replaced-by naming its replacement');
      continue;
    }
    // What the newest release names, and what older releases named (x-replaced-by-before).
    const before = isObject(operation['x-replaced-by-before']) ? operation['x-replaced-by-before'] : {};
    const entries = [
      [newest, [...path, 'x-replaced-by']],
      ...Object.entries(before).map(([from, entry]) => [entry, [...path, 'x-replaced-by-before', from]]),
    ];
    const mentions = entries.flatMap(([replacedBy, at]) =>
      checkReplacement(replacedBy, at, operation, routeByOperationId, report),
    );
    const description = typeof operation.description === 'string' ? operation.description : '';
    const descriptionPath = typeof operation.description === 'string' ? [...path, 'description'] : path;
    if (!/deprecated/i.test(description)) {
      report('is deprecated but its description does not say "deprecated"', descriptionPath);
    }
    if (mentions.length > 0 && !mentions.some((token) => description.includes(token))) {
      report(`description does not mention its replacement (${mentions.join(' or ')})`, descriptionPath);
    }
  }
  return results;
}

/**
 * Checks one replacement entry and returns what the description may name it by. Only an
 * operationId or a route can be checked mechanically; a description-only replacement is named
 * by its own description.
 */
function checkReplacement(replacedBy, at, operation, routeByOperationId, report) {
  const hasId =
    isObject(replacedBy) && typeof replacedBy.operationId === 'string' && replacedBy.operationId !== '';
  const hasDescription =
    isObject(replacedBy) &&
    typeof replacedBy.description === 'string' &&
    replacedBy.description.trim() !== '';
  const routes = isObject(replacedBy) && replacedBy.routes !== undefined ? replacedBy.routes : [];
  if (!Array.isArray(routes) || routes.some((r) => typeof r !== 'string' || !ROUTE.test(r))) {
    report('has x-replaced-by.routes that are not a list of "GET /path" strings', [...at, 'routes']);
    return [];
  }
  if (!hasId && !hasDescription) {
    report('has an x-replaced-by without an operationId or a description', at);
    return [];
  }
  if (hasId && replacedBy.operationId === operation.operationId) {
    report('names itself as its replacement', [...at, 'operationId']);
  }
  const replacementRoute = hasId ? routeByOperationId.get(replacedBy.operationId) : undefined;
  if (hasId && replacementRoute === undefined && !hasDescription) {
    report(
      `has x-replaced-by.operationId "${replacedBy.operationId}", which is not in this document; add a description of where it lives`,
      [...at, 'operationId'],
    );
  }
  if (replacementRoute !== undefined && routes.length > 0 && !routes.includes(replacementRoute)) {
    report(`has x-replaced-by.routes without the route of its operationId (${replacementRoute})`, [
      ...at,
      'routes',
    ]);
  }
  return [
    hasId ? replacedBy.operationId : undefined,
    replacementRoute?.split(' ')[1],
    ...routes.map((r) => r.split(' ')[1]),
  ].filter(Boolean);
}
