/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { components, operations } from '../../../spec/types.ts';
import { failureLine } from './format.ts';

/** An operation's 200 body, as the spec types it. */
export type Ok<Id extends keyof operations> = operations[Id]['responses'][200] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;
export type ErrorBody = components['schemas']['ErrorResponse'];

/** A request the page sent, as it is shown above the data it fetched. */
export interface Sent {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Whether it carried the control token (shown as a placeholder, never the token). */
  token?: boolean;
}

export type Fetched<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: string };

/** The requests one view made, in order: the view shows them with a copy-as-curl button. */
export class Exchanges {
  readonly sent: Sent[] = [];

  get<T>(path: string): Promise<Fetched<T>> {
    return this.send<T>({ method: 'GET', path });
  }

  async send<T>(request: Sent, token?: string): Promise<Fetched<T>> {
    this.sent.push({ ...request, ...(token ? { token: true } : {}) });
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Control-Token'] = token;
    const res = await fetch(request.path, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
    const body = (await res.json().catch(() => undefined)) as unknown;
    if (res.ok) return { ok: true, status: res.status, body: body as T };
    const message = (body as Partial<ErrorBody> | undefined)?.message ?? res.statusText;
    return {
      ok: false,
      status: res.status,
      error: failureLine(res.status, message, res.headers.get('retry-after')),
    };
  }
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The request as a curl command against this mock. */
export function curlOf(request: Sent, origin: string): string {
  const parts = ['curl', '-s'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(quoted(`${origin}${request.path}`));
  if (request.token) parts.push('-H', '"X-Control-Token: $MOCK_CONTROL_TOKEN"');
  if (request.body !== undefined)
    parts.push('-H', quoted('Content-Type: application/json'), '-d', quoted(JSON.stringify(request.body)));
  return parts.join(' ');
}
