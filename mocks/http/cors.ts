import type { RequestHandler } from 'express';

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

/** The CORS headers of every answer. */
export const CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };

/** Open CORS so browser apps can use the mock from any origin, preflights included. */
export function cors(): RequestHandler {
  return (req, res, next) => {
    res.set(CORS_HEADERS);
    if (req.method === 'OPTIONS') {
      res.set({
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'X-API-Key, Prefer, If-None-Match, Accept, Content-Type',
        'Access-Control-Max-Age': '600',
        Allow: 'GET, HEAD, OPTIONS',
      });
      res.status(204).end();
      return;
    }
    next();
  };
}
