import { isObject, operationLabel, operations } from './lib/openapi.js';

// A deprecation that does not say where to go strands clients, so the
// replacement must be machine-readable (x-replaced-by) and human-readable
// (the description).
export default function deprecatedReplacement(paths) {
  const routeByOperationId = new Map();
  for (const { route, operation } of operations(paths)) {
    if (typeof operation.operationId === 'string') routeByOperationId.set(operation.operationId, route);
  }

  const results = [];
  for (const { route, method, operation, path } of operations(paths)) {
    if (operation.deprecated !== true) continue;
    const label = operationLabel(method, route);
    const report = (message, at = path) => results.push({ message: `${label} ${message}`, path: at });
    const replacedBy = operation['x-replaced-by'];

    if (replacedBy === undefined) {
      report('is deprecated but has no x-replaced-by naming its replacement');
      continue;
    }
    const at = [...path, 'x-replaced-by'];
    const hasId =
      isObject(replacedBy) && typeof replacedBy.operationId === 'string' && replacedBy.operationId !== '';
    const hasDescription =
      isObject(replacedBy) &&
      typeof replacedBy.description === 'string' &&
      replacedBy.description.trim() !== '';
    if (!hasId && !hasDescription) {
      report('has an x-replaced-by without an operationId or a description', at);
      continue;
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

    const description = typeof operation.description === 'string' ? operation.description : '';
    const descriptionPath = typeof operation.description === 'string' ? [...path, 'description'] : path;
    if (!/deprecated/i.test(description)) {
      report('is deprecated but its description does not say "deprecated"', descriptionPath);
    }
    // Only an operationId or an in-document route can be checked mechanically;
    // a description-only replacement is named by x-replaced-by.description itself.
    const mentions = [hasId ? replacedBy.operationId : undefined, replacementRoute].filter(Boolean);
    if (mentions.length > 0 && !mentions.some((token) => description.includes(token))) {
      report(`description does not mention its replacement (${mentions.join(' or ')})`, descriptionPath);
    }
  }
  return results;
}
