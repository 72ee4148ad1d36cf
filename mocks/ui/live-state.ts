import type { LiveChain, Tip } from '../control/live-chain.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { errorAnswer, jsonAnswer } from '../http/own-answer.ts';
import { parseQuery } from '../../spec/request/query-string.ts';
import { splitTarget } from '../../spec/request/routing.ts';
import type { FedRequest, RequestFeed } from './request-feed.ts';

export const LIVE_PATH = '/_mock/ui/live';

/** What the page polls: the tip, the world's version (any change: a block, a submit, a reorg, a reset) and the new requests. */
export interface LiveState {
  version: number;
  tip: Tip;
  requests: FedRequest[];
}

/**
 * `GET /_mock/ui/live?after=<n>`: answered before the request log, so that the page's own
 * polling does not fill the log it shows.
 */
export function liveState(
  live: LiveChain,
  feed: RequestFeed,
): (request: ServerRequest, headers: string[]) => HttpResponse {
  return (request, headers) => {
    const sent = parseQuery(splitTarget(request.target).query).after;
    const after = Number(sent ?? 0);
    if (!Number.isInteger(after) || after < 0)
      return errorAnswer(
        request,
        headers,
        400,
        `after must be a non-negative integer (a request's seq), got ${String(sent).slice(0, 40)}`,
      );
    const state: LiveState = { version: live.queries.version, tip: live.tip(), requests: feed.since(after) };
    return jsonAnswer(request, headers, 200, state, true);
  };
}
