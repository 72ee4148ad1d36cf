import { httpClient } from '../../spec/http/client.ts';
import { withoutHeaders } from '../../spec/http/response.ts';
import type { RecordedAnswer } from '../ceiling-server.ts';

/** Headers Node writes by itself on every answer; the ceiling server's Node adds its own. */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive']);

/** The mock's answer to one GET, read with the one HTTP client: status, raw headers as sent, body. */
export async function recordAnswer(baseUrl: string, path: string): Promise<RecordedAnswer> {
  const client = httpClient(baseUrl, { keepAlive: false });
  const res = await client.get(path, { accept: 'application/json' });
  const { rawHeaders } = withoutHeaders(res, ADDED_BY_NODE);
  return {
    path,
    status: res.status,
    rawHeaders: [...rawHeaders],
    bodyBase64: Buffer.from(res.bytes).toString('base64'),
  };
}
