import { isObject, operationLabel, operations } from './lib/openapi.js';

// Keys are optional (anonymous callers get the lower rate limit), so the
// effective security must offer both "no credentials" ({}) and an API key, and
// every operation must document what a missing (401) or bad (403) key returns.
export default function optionalApiKeySecurity(document) {
  if (!isObject(document)) return [];
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const results = [];
  for (const { route, method, operation, path } of operations(document.paths)) {
    const label = operationLabel(method, route);
    const responses = isObject(operation.responses) ? operation.responses : {};
    for (const status of ['401', '403']) {
      if (!(status in responses)) {
        results.push({ message: `${label} documents no ${status} response`, path: [...path, 'responses'] });
      }
    }

    const own = operation.security !== undefined;
    const security = own ? operation.security : document.security;
    if (security === undefined) {
      results.push({ message: `${label} has no security and neither does the root`, path });
      continue;
    }
    const problem = securityProblem(security, schemes);
    if (problem) {
      // Root-level findings carry no operation name so Spectral merges the
      // identical result reported for every operation that inherits it.
      results.push(
        own
          ? { message: `${label} security ${problem}`, path: [...path, 'security'] }
          : { message: `Root security ${problem}`, path: ['security'] },
      );
    }
  }
  return results;
}

function securityProblem(security, schemes) {
  if (!Array.isArray(security)) return 'is not an array';
  const anonymous = security.some(
    (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
  );
  const apiKey = security.some(
    (requirement) =>
      isObject(requirement) &&
      Object.keys(requirement).some((name) => isObject(schemes[name]) && schemes[name].type === 'apiKey'),
  );
  if (anonymous && apiKey) return undefined;
  const missing = [
    anonymous ? undefined : '{} (anonymous access)',
    apiKey ? undefined : 'an apiKey scheme requirement',
  ];
  return `must contain ${missing.filter(Boolean).join(' and ')}`;
}
