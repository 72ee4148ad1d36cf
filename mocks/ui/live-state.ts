import type { RequestHandler } from 'express';
import { sendError } from '../http/node/express-stages.ts';
import type { LiveChain, Tip } from '../control/live-chain.ts';
import type { FedRequest, RequestFeed } from './request-feed.ts';

export const LIVE_PATH = '/_mock/ui/live';

/** What the page polls: the tip, the world's version (any change: a block, a submit, a reorg, a reset) and the new requests. */
export interface LiveState {
  version: number;
  tip: Tip;
  requests: FedRequest[];
}

/**
 * `GET /_mock/ui/live?after=<n>`: mounted before the request log, so that the page's own polling
 * does not fill the log it shows.
 */
export function liveState(live: LiveChain, feed: RequestFeed): RequestHandler {
  return (req, res) => {
    const after = Number(req.query.after ?? 0);
    if (!Number.isInteger(after) || after < 0)
      return sendError(
        res,
        400,
        `after must be a non-negative integer (a request's seq), got ${String(req.query.after).slice(0, 40)}`,
      );
    const state: LiveState = { version: live.queries.version, tip: live.tip(), requests: feed.since(after) };
    res.set('Cache-Control', 'no-store').json(state);
  };
}
