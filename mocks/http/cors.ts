const EXPOSED = [
  'ETag',
  'Warning',
  'X-API-Version',
  'Retry-After',
  'Preference-Applied',
  'X-Mock-Prefer-Ignored',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit-stacks-minute',
  'x-ratelimit-remaining-stacks-minute',
  'x-ratelimit-cost-stacks',
].join(', ');

/** The CORS headers of every answer (name, value, …): open, so browser apps can use the mock from any origin. */
export const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED,
];

/** A preflight's answer (204) after the CORS headers. */
export const PREFLIGHT_HEADERS: readonly string[] = [
  'Access-Control-Allow-Methods',
  'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers',
  'X-API-Key, Prefer, If-None-Match, Accept, Content-Type',
  'Access-Control-Max-Age',
  '600',
  'Allow',
  'GET, HEAD, OPTIONS',
];
