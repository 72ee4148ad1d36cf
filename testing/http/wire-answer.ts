import { HttpResponse, responseOfFetch } from '../../spec/http/response.ts';

/** Node writes these on its own, for the connection; fetch's Headers never have them. */
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A `fetch` answer as the parity tests compare it: the one response type, the connection's headers left out. */
export async function wireAnswer(res: Response): Promise<HttpResponse> {
  const read = await responseOfFetch(res);
  const headers = Object.fromEntries(Object.entries(read.headers).filter(([name]) => !CONNECTION.has(name)));
  return new HttpResponse(read.status, headers, read.bytes);
}
