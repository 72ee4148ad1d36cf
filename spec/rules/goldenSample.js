import { operationLabel, operations } from './lib/openapi.js';

// The differential keeps at most this many answers of a group in a golden file: anything but a
// positive whole number would keep none or all.
export default function goldenSample(paths) {
  const results = [];
  for (const { route, method, operation, path } of operations(paths)) {
    const declared = operation['x-golden-sample'];
    if (declared === undefined) continue;
    if (!Number.isInteger(declared) || declared < 1)
      results.push({
        message: `${operationLabel(method, route)} has x-golden-sample ${JSON.stringify(declared)}, not a positive integer`,
        path: [...path, 'x-golden-sample'],
      });
  }
  return results;
}
