import type { RequestHandler } from 'express';
import { sendError } from './errors.ts';

/**
 * Longest request target the mock reads. 8 KiB is what nginx (`large_client_header_buffers`)
 * and most proxies in front of the real service allow, so a client that works against the mock
 * does not break on a URL the hosted service would refuse. It is below the server's header
 * limit (mocks/server.ts), so a long URL gets 414 here rather than 431 from Node.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** 414 before anything parses or routes the URL; only the request log sees it, cut to 200 characters. */
export function urlLimit(max: number = MAX_URL_LENGTH): RequestHandler {
  return (req, res, next) => {
    if (req.originalUrl.length <= max) return next();
    sendError(res, 414, `URI too long: ${req.originalUrl.length} characters, at most ${max}`);
  };
}
