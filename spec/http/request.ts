/**
 * An HTTP request as a client sends it: the method, the request target exactly as it goes on the
 * wire (path and query, no normalisation, no re-encoding), headers by name, and a body if any.
 */
export interface HttpRequest {
  method: string;
  target: string;
  headers?: Readonly<Record<string, string>>;
  body?: Uint8Array | string;
}
