import { isObject, operationLabel, operations } from './lib/openapi.js';

// The steps the mock knows (ETAG_STEPS in spec/document.ts, which refuses any other at load; the
// house-rule test proves the two lists agree).
const STEPS = ['chain-tip', 'mempool', 'transaction', 'block', 'principal', 'principal-mempool'];
const RELEASE = /^\d+\.\d+\.\d+$/;

// The mock computes a read's ETag from what its x-etag names, as the real service's preHandler
// does: a GET whose 200 sends an ETag without one would answer no-store, and a step on an
// operation whose 200 sends none would be read by no one.
export default function etagStep(paths) {
  const results = [];
  for (const { route, method, pathItem, operation, path } of operations(paths)) {
    const label = operationLabel(method, route);
    const report = (message, at) => results.push({ message: `${label} ${message}`, path: at });
    const declared = operation['x-etag'];
    const at = [...path, 'x-etag'];
    const tagged = method === 'get' && sendsEtag(operation.responses?.['200']);
    if (declared === undefined) {
      if (tagged) report('answers 200 with an ETag but has no x-etag saying what it is computed from', path);
      continue;
    }
    if (!tagged) {
      report('has an x-etag but is not a GET whose 200 sends an ETag', at);
      continue;
    }
    if (!isObject(declared)) {
      report('has an x-etag that is not an object with `from`', at);
      continue;
    }
    checkStep(declared.from, [...at, 'from'], 'x-etag.from', report);
    if (declared.before !== undefined) {
      if (!isObject(declared.before))
        report('has an x-etag.before that is not a map of releases', [...at, 'before']);
      else
        for (const [release, step] of Object.entries(declared.before)) {
          const where = [...at, 'before', release];
          if (!RELEASE.test(release))
            report(`has x-etag.before key "${release}", not a release (major.minor.patch)`, where);
          checkStep(step, where, `x-etag.before['${release}']`, report);
        }
    }
    const param = declared.withMempoolParam;
    if (param !== undefined && !takesBooleanQuery(pathItem, operation, param))
      report(`has x-etag.withMempoolParam "${param}", not a boolean query parameter of it`, [
        ...at,
        'withMempoolParam',
      ]);
  }
  return results;
}

function checkStep(step, at, name, report) {
  if (!STEPS.includes(step))
    report(`has ${name} ${JSON.stringify(step)}, not a known step (${STEPS.join(', ')})`, at);
}

function sendsEtag(response) {
  return (
    isObject(response) &&
    isObject(response.headers) &&
    Object.keys(response.headers).some((h) => h.toLowerCase() === 'etag')
  );
}

function takesBooleanQuery(pathItem, operation, name) {
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])];
  return parameters.some(
    (p) => isObject(p) && p.in === 'query' && p.name === name && p.schema?.type === 'boolean',
  );
}
