import { isObject, operationLabel, operations } from './lib/openapi.js';

// Range keys count: a 5XX entry documents every server error at once. The
// exact 400 is required (not 4XX) because clients branch on "your parameters
// were rejected" specifically. A deprecated operation documents 410: the real service retires
// every deprecated route at once (its sunset), and the mock rehearses it (`--deprecated gone`).
export default function requiredErrorResponses(paths) {
  const results = [];
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const takesParameters =
      (Array.isArray(pathItem.parameters) && pathItem.parameters.length > 0) ||
      (Array.isArray(operation.parameters) && operation.parameters.length > 0);
    const missing = [];
    if (takesParameters && !('400' in responses)) missing.push('400 (it takes parameters)');
    if (!('429' in responses)) missing.push('429');
    if (!('500' in responses) && !('5XX' in responses)) missing.push('500 or 5XX');
    if (operation.deprecated === true && !('410' in responses)) missing.push('410 (it is deprecated)');
    for (const status of missing) {
      results.push({
        message: `${operationLabel(method, route)} documents no ${status} response`,
        path: [...path, 'responses'],
      });
    }
  }
  return results;
}
