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
 * An HTTP answer, whoever wrote or received it: the mock's pipeline as it answers, the one HTTP
 * client, `fetch`, a raw socket, the proxy. The status; the headers as they go on the wire
 * (`rawHeaders`: `name, value, name, value, …`, names cased and ordered as written, which is what
 * node:http and MSW write, so the bytes are the writer's and not a reading of them) and as they
 * are read (`headers`, derived from them on first use, as Node's `IncomingMessage` derives its
 * own); the body's bytes (empty when none). `text` and `body` read the bytes once, on first use:
 * `body` is the parsed JSON, as every reader of an answer here wants it, and undefined when the
 * bytes are empty or not JSON (the content type aside: a JSON body mislabelled is still seen for
 * what it is). Nothing is derived at construction: the mock answers every request with one.
 */
export class HttpResponse {
  readonly bytes: Uint8Array;
  #headers: HttpHeaders | undefined;
  #text: string | undefined;
  #body: { value: any } | undefined;

  constructor(
    readonly status: number,
    readonly rawHeaders: readonly string[],
    bytes: Uint8Array | string = EMPTY,
  ) {
    this.bytes = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  }

  /** The headers by lower-cased name, repeats joined (`HttpHeaders`). */
  get headers(): HttpHeaders {
    this.#headers ??= headersOf(this.rawHeaders);
    return this.#headers;
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

/** A raw list from headers by name, in their order (a test's or a `fetch` answer's headers). */
export function rawHeadersOf(headers: Readonly<Record<string, string>>): string[] {
  const raw: string[] = [];
  for (const name in headers) raw.push(name, headers[name] as string);
  return raw;
}

/** A header's value in a raw list, as written (the first of repeats); names compare case-insensitively. */
export function headerIn(raw: readonly string[], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (let i = 0; i < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === lower) return raw[i + 1];
  return undefined;
}

/** Sets a header in a raw list where it already is (as Node's `setHeader` keeps a replaced header's place), else last. */
export function setHeaderIn(raw: string[], name: string, value: string): void {
  const lower = name.toLowerCase();
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === lower) {
      raw[i] = name;
      raw[i + 1] = value;
      return;
    }
  }
  raw.push(name, value);
}

/** The answer without the headers named (lower case): those a comparison leaves out, e.g. `date`. */
export function withoutHeaders(res: HttpResponse, names: ReadonlySet<string>): HttpResponse {
  const raw: string[] = [];
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i] as string;
    if (!names.has(name.toLowerCase())) raw.push(name, res.rawHeaders[i + 1] as string);
  }
  return new HttpResponse(res.status, raw, res.bytes);
}

/** A `fetch` answer read whole into the one response type (`fetch` has lower-cased and joined its headers). */
export async function responseOfFetch(res: Response): Promise<HttpResponse> {
  const raw: string[] = [];
  res.headers.forEach((value, name) => void raw.push(name, value));
  return new HttpResponse(res.status, raw, new Uint8Array(await res.arrayBuffer()));
}
