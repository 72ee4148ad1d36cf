import { isObject, operationLabel, operations, resolveLocalRef } from './lib/openapi.js';

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponse';
// A retired operation's 410 has its own body (no `statusCode`), as the real service writes it.
const GONE_SCHEMA_REF = '#/components/schemas/GoneResponse';
const SHARED_RESPONSE_PREFIX = '#/components/responses/';
const ERROR_STATUS = /^[45](\d\d|XX)$/;

// Runs on the unresolved document: once refs are inlined, "is the shared
// ErrorResponse" can no longer be told apart from "looks like it".
export default function errorResponseSchema(root) {
  if (!isObject(root)) return [];
  const results = [];
  for (const { route, method, operation, path } of operations(root.paths)) {
    if (!isObject(operation.responses)) continue;
    // `x-error-body: own`: its 400 and 404 are the bodies its own server writes (a stacks-node's
    // refusal or its text 404, the faucet's), documented where they are answered; its other
    // errors are the shared one.
    const own = operation['x-error-body'] === 'own';
    // `x-error-body: token-metadata`: the token metadata service's 404 and 422 are its own `{error}`
    // body; `x-error-body: bns`: the BNS routes' 404 is theirs, and `signer-metrics`: the signer
    // metrics service's.
    const tokenMetadata = operation['x-error-body'] === 'token-metadata';
    const bns = operation['x-error-body'] === 'bns' || operation['x-error-body'] === 'signer-metrics';
    for (const [status, response] of Object.entries(operation.responses)) {
      if (!ERROR_STATUS.test(status) || (own && (status === '400' || status === '404'))) continue;
      if (tokenMetadata && (status === '404' || status === '422')) continue;
      if (bns && status === '404') continue;
      const where = `${operationLabel(method, route)} response ${status}`;
      const expected = status === '410' ? GONE_SCHEMA_REF : ERROR_SCHEMA_REF;
      const problem =
        status === '410' && operation.deprecated !== true
          ? 'is a 410, which only a deprecated operation answers'
          : describeProblem(root, response, expected);
      if (problem) results.push({ message: `${where} ${problem}`, path: [...path, 'responses', status] });
    }
  }
  return results;
}

function describeProblem(root, response, expected) {
  let target = response;
  const visited = new Set();
  while (isObject(target) && typeof target.$ref === 'string') {
    const ref = target.$ref;
    if (!ref.startsWith(SHARED_RESPONSE_PREFIX)) {
      return `is a $ref to ${ref}, which is not a ${SHARED_RESPONSE_PREFIX}* entry`;
    }
    if (visited.has(ref)) return `has a $ref cycle through ${ref}`;
    visited.add(ref);
    target = resolveLocalRef(root, ref);
    if (target === undefined) return `references ${ref}, which does not exist`;
  }
  if (!isObject(target) || !isObject(target.content) || Object.keys(target.content).length === 0) {
    return `has no content; its body must be ${expected}`;
  }
  const offending = Object.entries(target.content)
    .filter(([, media]) => !isObject(media) || !isObject(media.schema) || media.schema.$ref !== expected)
    .map(([mediaType]) => mediaType);
  if (offending.length > 0) {
    return `has a schema other than $ref ${expected} for ${offending.join(', ')}`;
  }
  return undefined;
}
