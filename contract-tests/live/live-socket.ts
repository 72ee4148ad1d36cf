import { WebSocket } from 'ws';

/** Where the real service serves its JSON-RPC channel (spec/asyncapi.yaml's `jsonRpc` address). */
export const RPC_PATH = '/extended/v1/ws';

/** A notification as it arrived: its method (the topic's event), its params, and when. */
export interface Notification {
  method: string;
  params: unknown;
  at: number;
}

/** A subscription's `params` (spec/asyncapi.yaml's `subscribe`): the event and its key. */
export type Subscription = { event: string } & Record<string, string>;

/** The JSON-RPC channel's address on a target's base URL (its path prefix kept). */
export function rpcUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}${RPC_PATH}`;
}

/**
 * A subscriber on a target's JSON-RPC channel: it subscribes, keeps every notification in the
 * order it came, and says when one came that a caller waits for.
 */
export class LiveSocket {
  readonly notifications: Notification[] = [];
  private nextId = 1;
  private readonly replies = new Map<number, (reply: Record<string, unknown>) => void>();
  private readonly waiters = new Set<() => void>();
  /** Frames that were not JSON-RPC: a malformed message is a finding, not a crash. */
  readonly unreadable: string[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.receive(String(data)));
  }

  /** Opens the channel; rejects with one line saying why when it does not open within `timeoutMs`. */
  static open(baseUrl: string, apiKey: string | undefined, timeoutMs: number): Promise<LiveSocket> {
    const url = rpcUrl(baseUrl);
    const ws = new WebSocket(url, { headers: apiKey ? { 'X-API-Key': apiKey } : {} });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`${url} did not open within ${timeoutMs} ms`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new LiveSocket(ws));
      });
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        ws.terminate();
        reject(new Error(`${url} refused the upgrade: HTTP ${res.statusCode}`));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(new Error(`${url} did not open: ${err.message}`));
      });
    });
  }

  private receive(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      this.unreadable.push(text.slice(0, 200));
      return;
    }
    if (typeof message.id === 'number' && this.replies.has(message.id)) {
      this.replies.get(message.id)?.(message);
      this.replies.delete(message.id);
    } else if (typeof message.method === 'string') {
      this.notifications.push({ method: message.method, params: message.params, at: Date.now() });
    } else {
      this.unreadable.push(text.slice(0, 200));
    }
    for (const wake of this.waiters) wake();
  }

  /** Subscribes; the JSON-RPC reply as it came (a `result` or an `error`), or a timeout's one line. */
  subscribe(params: Subscription, timeoutMs: number): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscribe', params }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        reject(new Error(`no reply to subscribe ${JSON.stringify(params)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.replies.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  /** Resolves true as soon as `done()` holds (checked at each message), false when `ms` pass first. */
  until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (result: boolean): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const check = (): void => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(done()), ms);
      this.waiters.add(check);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}
