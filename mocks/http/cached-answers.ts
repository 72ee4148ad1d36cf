import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_CONTROL, JSON_TYPE, matches } from './caching.ts';
import type { KeyVerdict } from './keys.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RequestObserver } from './request-log.ts';
import type { CachedAnswer, ResponseCache } from './response-cache.ts';

export interface CachedAnswerStages {
  cache: ResponseCache;
  /** Headers every API answer carries before its route's (CORS, version): name, value, … */
  leading: string[];
  /** Headers an operation's route adds to a 200 (the deprecation warning), by operationId. */
  routeHeaders: Map<string, string[]>;
  keys: (sent: string | undefined) => KeyVerdict;
  limiter: RateLimiter;
  /** False when latency or injected faults apply to every request: those go through Express. */
  enabled: boolean;
  log: RequestObserver | undefined;
}

/** A request listener that answers, or says it did not and leaves the request untouched. */
export type AnswerIfCached = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The cached GET as a bare `node:http` answer in front of Express, which costs more than the
 * answer itself. It takes only requests whose every stage it does exactly as the Express chain
 * (mocks/app.ts) would: a URL already answered 200, no `Prefer`, a key that is let through, a
 * client within its rate limit. The stages run in the chain's order (log, CORS, version, key,
 * rate limit, deprecation, ETag/304) on the same shared state (the cache, the limiter's windows),
 * and give the same headers; anything else is left to Express.
 */
export function answerIfCached(stages: CachedAnswerStages): AnswerIfCached {
  const { cache, leading, routeHeaders, keys, limiter, log } = stages;
  // An entry's headers depend on the entry alone, bar the rate limit's: built on its first hit.
  const built = new WeakMap<CachedAnswer, AnswerHeaders>();
  const headersOf = (hit: CachedAnswer): AnswerHeaders => {
    let headers = built.get(hit);
    if (!headers) {
      const tail = [
        ...(routeHeaders.get(hit.operationId) ?? []),
        'Cache-Control',
        CACHE_CONTROL,
        'ETag',
        hit.etag,
      ];
      const body = ['Content-Type', JSON_TYPE, 'Content-Length', String(hit.body.length)];
      headers = { tail, body, notModified: [...leading, ...tail], ok: [...leading, ...tail, ...body] };
      built.set(hit, headers);
    }
    return headers;
  };
  return (req, res) => {
    if (!stages.enabled) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const h = req.headers;
    if (h.prefer !== undefined) return false;
    const url = req.url as string;
    const hit = cache.get(url);
    if (!hit) return false;
    const verdict = keys(h['x-api-key'] as string | undefined);
    if ('status' in verdict) return false;
    const kind = verdict.key === undefined ? 'anonymous' : 'keyed';
    let limited: string[] | undefined;
    if (limiter.limits[kind] > 0) {
      // Express's own getter (trust proxy included), there because the request has Express's prototype.
      const client = verdict.key ?? (req as { ip?: string }).ip;
      if (client === undefined || limiter.wouldRefuse(kind, client)) return false;
      limited = limiter.take(kind, client)?.headers;
    }
    const started = log ? performance.now() : 0;
    const headers = headersOf(hit);
    // The answer is written whole here, so it is logged here: no 'finish' listener per request.
    if (matches(h['if-none-match'], hit.etag)) {
      res.writeHead(304, limited ? [...leading, ...limited, ...headers.tail] : headers.notModified).end();
      log?.({ method, path: url, status: 304, ms: performance.now() - started });
      return true;
    }
    res.writeHead(200, limited ? [...leading, ...limited, ...headers.tail, ...headers.body] : headers.ok);
    if (method === 'HEAD') res.end();
    else res.end(hit.body);
    log?.({ method, path: url, status: 200, ms: performance.now() - started });
    return true;
  };
}

/** The headers of a cached answer, in the order the Express chain sets them. */
interface AnswerHeaders {
  /** After the leading and the rate limit's: the route's, then caching. */
  tail: string[];
  /** A 200's own: its type and length. */
  body: string[];
  /** Whole, for an answer with no rate-limit headers. */
  notModified: string[];
  ok: string[];
}
