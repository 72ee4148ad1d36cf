/**
 * Header names lower-cased, in the order they came; a header sent more than once has its values
 * joined with `, ` in order, as `fetch`'s `Headers.get` joins them (HTTP's own folding rule). The
 * one shape of headers everywhere an answer is read: the suite, the proxy, the differential, MSW's
 * parity tests and every test client.
 */
export type HttpHeaders = Readonly<Record<string, string>>;

const EMPTY = new Uint8Array(0);
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/**
 * An HTTP answer as received, whoever received it (the one HTTP client, `fetch`, a raw socket,
 * the proxy): the status, the headers, the body's bytes as they came (empty when none). `text`
 * and `body` read the bytes once, on first use: `body` is the parsed JSON, as every reader of an
 * answer here wants it, and undefined when the bytes are empty or not JSON (the content type
 * aside: a JSON body mislabelled is still seen for what it is).
 */
export class HttpResponse {
  readonly bytes: Uint8Array;
  #text: string | undefined;
  #body: { value: any } | undefined;

  constructor(
    readonly status: number,
    readonly headers: HttpHeaders,
    bytes: Uint8Array | string = EMPTY,
  ) {
    this.bytes = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  }

  /** The body as UTF-8 text (empty when there is none). */
  get text(): string {
    this.#text ??= utf8.decode(this.bytes);
    return this.#text;
  }

  /** The body parsed as JSON; undefined when empty or not JSON. Typed `any`, as a test reads it. */
  get body(): any {
    if (this.#body === undefined) {
      let value: unknown;
      try {
        value = this.text.length === 0 ? undefined : JSON.parse(this.text);
      } catch {
        value = undefined;
      }
      this.#body = { value };
    }
    return this.#body.value;
  }
}

/** Headers from a raw `name, value, name, value, …` list (Node's `rawHeaders`, a parsed head). */
export function headersOf(raw: readonly string[]): HttpHeaders {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** A `fetch` answer read whole into the one response type. */
export async function responseOfFetch(res: Response): Promise<HttpResponse> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  return new HttpResponse(res.status, headers, new Uint8Array(await res.arrayBuffer()));
}
