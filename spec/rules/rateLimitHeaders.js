import { isObject } from './lib/openapi.js';

// Names the hosted gateway sends on a 429 (see real-service-facts.md).
const REQUIRED_HEADERS = ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

export default function rateLimitHeaders(response, _options, context) {
  if (!isObject(response)) return [];
  const headers = isObject(response.headers) ? response.headers : {};
  // HTTP header names are case-insensitive, so Retry-After satisfies retry-after.
  const declared = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  return REQUIRED_HEADERS.filter((name) => !declared.has(name)).map((name) => ({
    message: `429 response declares no "${name}" header`,
    path: isObject(response.headers) ? [...context.path, 'headers'] : context.path,
  }));
}
