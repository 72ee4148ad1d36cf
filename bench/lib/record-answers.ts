import { get } from 'node:http';
import type { RecordedAnswer } from '../ceiling-server.ts';

/** Headers Node writes by itself on every answer; the ceiling server's Node adds its own. */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive']);

/** The mock's answer to one GET as bytes on the wire: status, headers as sent (casing kept), body. */
export function recordAnswer(baseUrl: string, path: string): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const req = get(`${baseUrl}${path}`, { headers: { accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (!ADDED_BY_NODE.has(name.toLowerCase())) headers.push(name, res.rawHeaders[i + 1] as string);
        }
        resolve({
          path,
          status: res.statusCode ?? 0,
          headers,
          bodyBase64: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer on ${path} within 10 s`)));
    req.on('error', reject);
  });
}
