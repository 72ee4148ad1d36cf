import type { LoggedRequest, RequestObserver } from '../http/request-log.ts';

/** A request in the home page's log: what the console line says, numbered, with the time it ended. */
export interface FedRequest extends LoggedRequest {
  seq: number;
  /** ISO 8601, when the answer was sent. */
  at: string;
}

export const FEED_SIZE = 100;

/**
 * The last requests the mock answered, for the home page's Requests view. It is told of every
 * answer, the cached fast path's included (mocks/http/cached-answers.ts); it holds what the
 * request log holds (method, path, status, time) and so never a header or a key.
 */
export class RequestFeed {
  private readonly entries: FedRequest[] = [];
  private seq = 0;

  readonly observe: RequestObserver = (request) => {
    this.seq += 1;
    this.entries.push({
      ...request,
      ms: Math.round(request.ms * 10) / 10,
      seq: this.seq,
      at: new Date().toISOString(),
    });
    if (this.entries.length > FEED_SIZE) this.entries.shift();
  };

  /** The requests after number `after` (0: all that are kept), oldest first. */
  since(after: number): FedRequest[] {
    return this.entries.filter((e) => e.seq > after);
  }
}

/** Both observers in turn: the feed, then the console's line unless the mock is quiet. */
export function observeBoth(first: RequestObserver, second: RequestObserver | undefined): RequestObserver {
  if (!second) return first;
  return (request) => {
    first(request);
    second(request);
  };
}
