import { responseOfFetch, withoutHeaders, type HttpResponse } from '../../spec/http/response.ts';

/** Node writes these on its own, for the connection; fetch's Headers never have them. */
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A `fetch` answer as the parity tests compare it: the one response type, the connection's headers left out. */
export async function wireAnswer(res: Response): Promise<HttpResponse> {
  return withoutHeaders(await responseOfFetch(res), CONNECTION);
}
