import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sendError } from './errors.ts';

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/**
 * API keys as an app developer meets them. No key is fine (the lower limit) unless keys are
 * required (401). With no keys configured, any key is accepted, so an app that always sends its
 * real key works against the mock; with keys configured, a key that is not one of them is 403.
 * A key let through is a keyed client (its own, higher limit). Keys are compared as digests in
 * constant time, against every configured key, so neither length nor position leaks through timing.
 */
export function apiKeys(keys: string[], requireKey: boolean): RequestHandler {
  const known = keys.map(digest);
  const isKnown = (key: string): boolean => {
    const sent = digest(key);
    let match = false;
    for (const k of known) match = timingSafeEqual(sent, k) || match;
    return match;
  };
  return (req, res, next) => {
    const sent = req.get('x-api-key');
    if (sent === undefined || sent === '') {
      if (requireKey) return sendError(res, 401, 'API key required: send it in the X-API-Key header');
      return next();
    }
    if (known.length > 0 && !isKnown(sent)) return sendError(res, 403, 'Invalid API key');
    res.locals.apiKey = sent;
    next();
  };
}
