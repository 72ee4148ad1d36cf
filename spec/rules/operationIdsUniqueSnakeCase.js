import { operationLabel, operations } from './lib/openapi.js';

// The real service's client is generated from these ids; snake_case keeps the
// mock's ids identical to get_block, get_account_balance, etc.
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export default function operationIdsUniqueSnakeCase(paths) {
  const firstSeen = new Map();
  const results = [];
  for (const { route, method, operation, path } of operations(paths)) {
    const id = operation.operationId;
    if (typeof id !== 'string') continue;
    const label = operationLabel(method, route);
    if (!SNAKE_CASE.test(id)) {
      results.push({
        message: `${label} operationId "${id}" is not snake_case`,
        path: [...path, 'operationId'],
      });
    }
    const first = firstSeen.get(id);
    if (first === undefined) {
      firstSeen.set(id, label);
    } else {
      results.push({
        message: `${label} operationId "${id}" is already used by ${first}`,
        path: [...path, 'operationId'],
      });
    }
  }
  return results;
}
