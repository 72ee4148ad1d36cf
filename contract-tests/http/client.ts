import type { HttpResponse } from '../../spec/http/response.ts';
import type { Operation } from '../../spec/load.ts';
import { currentTest } from '../report/current-test.ts';
import type { ExchangeLog } from '../report/exchange-log.ts';
import { operation, requestPath, type Query } from '../spec-context.ts';
import type { RequestBudget } from './budget.ts';
import { realClock, type Clock, type Limiter } from './limiter.ts';
import { quotaResetMs, retryAfterMs } from './rate-limit-headers.ts';
import type { Transport } from './transport.ts';

export interface CallRequest {
  path?: Record<string, string>;
  query?: Query;
  headers?: Record<string, string>;
  /** The body of an operation that takes one (its Content-Type among the headers). */
  body?: string;
}

export interface CallOptions {
  /** undefined: the run's API_KEY (if any); null: send no key; a string: send that key. */
  apiKey?: string | null;
  /** The request is meant to exceed the rate limit: no client limiter, no retry on 429. */
  provokeRateLimit?: boolean;
}

/** One request and its answer, as the checks see it: the answer (the one response type) and which request it was. */
export type Exchange = HttpResponse & {
  id: number;
  operation: Operation;
  /** Path and query, relative to the base URL. */
  target: string;
  ms: number;
};

/** The answer to one request of the suite, with which request it was. */
export function exchangeOf(response: HttpResponse, request: Omit<Exchange, keyof HttpResponse>): Exchange {
  return Object.assign(response, request);
}

export interface ClientDeps {
  transport: Transport;
  limiter: Limiter;
  budget: RequestBudget;
  log: ExchangeLog;
  timeoutMs: number;
  maxRetryAfterMs: number;
  apiKey?: string;
  clock?: Clock;
}

/** How often a request the server answered 429 is repeated after waiting as told. */
const RETRIES_AFTER_429 = 2;

let nextId = 1;

/**
 * Every request of the suite goes through here: the client-side limiter, the request budget,
 * a timeout, `retry-after` obeyed on an unexpected 429, and a log record of the exchange.
 */
export class ContractClient {
  private readonly clock: Clock;

  constructor(private readonly deps: ClientDeps) {
    this.clock = deps.clock ?? realClock;
  }

  get requestsSent(): number {
    return this.deps.budget.spent;
  }

  /** Requests the run may still send under MAX_REQUESTS. */
  get requestsLeft(): number {
    return this.deps.budget.max - this.deps.budget.spent;
  }

  /** Holds every later request until the `retry-after` of a 429 this run provoked has passed. */
  honourRetryAfter(exchange: Exchange): void {
    const wait =
      retryAfterMs(exchange.headers['retry-after'], this.clock.now()) ?? quotaResetMs(exchange.headers);
    if (wait !== undefined)
      this.deps.limiter.pauseUntil(this.clock.now() + Math.min(wait, this.deps.maxRetryAfterMs));
  }

  async call(operationId: string, req: CallRequest = {}, opts: CallOptions = {}): Promise<Exchange> {
    const op = operation(operationId);
    const url = requestPath(op, req.path ?? {}, req.query ?? {});
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    const key = opts.apiKey === undefined ? this.deps.apiKey : opts.apiKey;
    if (key !== null && key !== undefined) headers['X-API-Key'] = key;
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.send(
        op,
        url,
        headers,
        req.body,
        opts.provokeRateLimit === true,
        attempt > 0,
      );
      if (exchange.status !== 429 || opts.provokeRateLimit || attempt >= RETRIES_AFTER_429) return exchange;
      const wait =
        retryAfterMs(exchange.headers['retry-after'], this.clock.now()) ??
        quotaResetMs(exchange.headers) ??
        60_000;
      if (wait > this.deps.maxRetryAfterMs) return exchange;
      this.deps.limiter.pauseUntil(this.clock.now() + wait);
    }
  }

  private async send(
    op: Operation,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    provoked: boolean,
    retry: boolean,
  ): Promise<Exchange> {
    this.deps.budget.take();
    await this.deps.limiter.acquire(provoked);
    const id = nextId++;
    const started = this.clock.now();
    const test = currentTest();
    const base = {
      kind: 'exchange' as const,
      id,
      ...(test ? { test } : {}),
      operationId: op.operationId,
      url,
      ...(provoked ? { provoked } : {}),
      ...(retry ? { retry } : {}),
    };
    try {
      const raw = await this.deps.transport(
        { method: op.method.toUpperCase(), target: url, headers, ...(body === undefined ? {} : { body }) },
        this.deps.timeoutMs,
      );
      const ms = this.clock.now() - started;
      this.deps.log.write({ ...base, status: raw.status, ms });
      const reset = quotaResetMs(raw.headers);
      if (reset !== undefined && !provoked) this.deps.limiter.pauseUntil(this.clock.now() + reset);
      return exchangeOf(raw, { id, operation: op, target: url, ms });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.write({ ...base, status: 0, ms: this.clock.now() - started, error: message });
      throw new Error(`${op.operationId} ${op.method.toUpperCase()} ${url}: ${message}`);
    }
  }
}
