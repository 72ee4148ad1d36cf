import { printable, type LoggedRequest, type RequestObserver } from '../http/request-log.ts';

/** A request in the home page's log: what the console line says, numbered, with the time it ended. */
export interface FedRequest extends LoggedRequest {
  seq: number;
  /** ISO 8601, when the answer was sent. */
  at: string;
}

export const FEED_SIZE = 100;

interface Kept {
  request: LoggedRequest;
  seq: number;
  /** Unix milliseconds. */
  at: number;
}

/**
 * The last requests the mock answered, for the home page's Requests view. It is told of every
 * answer, the response cache's included (the pipeline's `cached` phase), so keeping one is a
 * store in a ring and nothing more; formatting waits for the page to ask. It holds what the
 * request log holds (method, path, status, time) and so never a header or a key.
 */
export class RequestFeed {
  private readonly ring: (Kept | undefined)[] = new Array<Kept | undefined>(FEED_SIZE);
  private seq = 0;

  readonly observe: RequestObserver = (request) => {
    this.seq += 1;
    this.ring[this.seq % FEED_SIZE] = { request, seq: this.seq, at: Date.now() };
  };

  /** The requests after number `after` (0: all that are kept), oldest first. */
  since(after: number): FedRequest[] {
    const first = Math.max(after + 1, this.seq - FEED_SIZE + 1, 1);
    const out: FedRequest[] = [];
    for (let seq = first; seq <= this.seq; seq++) {
      const kept = this.ring[seq % FEED_SIZE] as Kept;
      const { method, path, status, ms, deprecated } = kept.request;
      out.push({
        method,
        path: printable(path),
        status,
        ms: Math.round(ms * 10) / 10,
        seq,
        at: new Date(kept.at).toISOString(),
        ...(deprecated ? { deprecated } : {}),
      });
    }
    return out;
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
