/**
 * A request as the API pipeline reads it, whoever received it: `node:http` (mocks/http/node/) or
 * MSW's `fetch` interception, in Node or in a browser (msw/). Plain data, so the same stages give
 * the same answer byte for byte wherever they run.
 */
export interface ApiRequest {
  readonly method: string;
  /** The request target as sent: path and query (`/extended/v1/tx/multiple?tx_id=…`). */
  readonly url: string;
  /** Lower-cased names; repeated headers joined with `, ` as Node and `fetch` both do. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client's address, which the rate limit counts without a key; undefined when unknown. */
  readonly ip: string | undefined;
  /** Calls `listener` if the client goes away before the answer (a delayed answer stops waiting). */
  onClose?(listener: () => void): void;
  /**
   * The request's body, read on demand (only the control plane reads one), at most `limit`
   * bytes: past it, rejects with an error marked 413. Undefined where the door has no body.
   */
  readBody?(limit: number): Promise<Uint8Array>;
}

/** What the pipeline answers: the status, the headers in the order they are written, the body bytes. */
export interface ApiResponse {
  status: number;
  /** name, value, name, value, … */
  headers: string[];
  /** None for HEAD, 204 and 304. */
  body: Uint8Array | undefined;
}

/** A header of the request as one string (the first, should a client send it as a list). */
export function requestHeader(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A header's value in a name, value list; names compare case-insensitively. */
export function headerIn(headers: readonly string[], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (let i = 0; i < headers.length; i += 2)
    if ((headers[i] as string).toLowerCase() === lower) return headers[i + 1];
  return undefined;
}

/** Sets a header where it already is (as Node's `setHeader` keeps a replaced header's place), else last. */
export function setHeaderIn(headers: string[], name: string, value: string): void {
  const lower = name.toLowerCase();
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() === lower) {
      headers[i] = name;
      headers[i + 1] = value;
      return;
    }
  }
  headers.push(name, value);
}
