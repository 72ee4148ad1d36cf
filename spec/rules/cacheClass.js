import { isObject, operationLabel, operations } from './lib/openapi.js';

// The classes the mock knows (CACHE_CLASSES in spec/document.ts, which refuses any other at load).
const CLASSES = ['mined'];
// The ETag steps that read the mempool: an answer computed from them changes with a broadcast.
const MEMPOOL_STEPS = ['mempool', 'principal-mempool'];

// The mock keeps an `x-cache: mined` answer across a broadcast: on an operation that is no GET, or
// whose ETag the real service computes from the mempool, it would serve a stale answer.
export default function cacheClass(paths) {
  const results = [];
  for (const { route, method, operation, path } of operations(paths)) {
    const declared = operation['x-cache'];
    if (declared === undefined) continue;
    const at = [...path, 'x-cache'];
    const report = (message) =>
      results.push({ message: `${operationLabel(method, route)} ${message}`, path: at });
    if (!CLASSES.includes(declared))
      report(`has x-cache ${JSON.stringify(declared)}, not a known class (${CLASSES.join(', ')})`);
    else if (method !== 'get') report('has an x-cache but is not a GET');
    else if (readsMempool(operation['x-etag'])) report('has x-cache mined but its x-etag reads the mempool');
  }
  return results;
}

function readsMempool(etag) {
  if (!isObject(etag)) return false;
  const steps = [etag.from, ...Object.values(isObject(etag.before) ? etag.before : {})];
  return etag.withMempoolParam !== undefined || steps.some((step) => MEMPOOL_STEPS.includes(step));
}
