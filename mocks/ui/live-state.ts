import type { Parameter } from '../../spec/document.ts';
import type { LiveChain, Tip } from '../control/live-chain.ts';
import { jsonAnswer } from '../http/own-answer.ts';
import { readRoute, type OwnRoute } from '../http/own-routes.ts';
import type { FedRequest, RequestFeed } from './request-feed.ts';

export const LIVE_PATH = '/_mock/ui/live';

/** What the page polls: the tip, the world's version (any change: a block, a submit, a reorg, a reset) and the new requests. */
export interface LiveState {
  version: number;
  tip: Tip;
  requests: FedRequest[];
}

/** What the live route takes: the pipeline checks it as it checks the API's parameters. */
const LIVE_QUERY: Parameter[] = [
  {
    name: 'after',
    in: 'query',
    description: "Only the requests after this one (a request's `seq`); 0, every request the feed keeps.",
    schema: { type: 'integer', minimum: 0, default: 0 },
  },
];

/**
 * `GET /_mock/ui/live?after=<n>`: answered before the request log, so that the page's own
 * polling does not fill the log it shows.
 */
export function liveRoute(live: LiveChain, feed: RequestFeed): OwnRoute {
  return readRoute((request, headers, query) => {
    const state: LiveState = {
      version: live.queries.version,
      tip: live.tip(),
      requests: feed.since(query.after as number),
    };
    return jsonAnswer(request, headers, 200, state, true);
  }, LIVE_QUERY);
}
