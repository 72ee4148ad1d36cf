import { connect, type Socket } from 'node:net';
import { HttpResponse, headerIn } from '../../spec/http/response.ts';

/** Everything one raw connection got back: its responses, and who closed it. */
export interface RawExchange {
  responses: HttpResponse[];
  /** True when the server closed the connection (as opposed to this client, once `until` held). */
  closedByServer: boolean;
}

/** Splits what came back on one connection into responses (Content-Length framing, which the mock always uses). */
export function parseResponses(raw: Buffer): HttpResponse[] {
  const out: HttpResponse[] = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine = '', ...lines] = raw.toString('latin1', at, end).split('\r\n');
    const head = lines.flatMap((l) => [
      l.slice(0, l.indexOf(':')).trim(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]);
    const length = Number(headerIn(head, 'content-length') ?? 0);
    out.push(
      new HttpResponse(Number(statusLine.split(' ')[1]), head, raw.subarray(end + 4, end + 4 + length)),
    );
    at = end + 4 + length;
  }
  return out;
}

/** Neither an answer nor a close within this fails an exchange as a hang; every limit under test is far shorter. */
const HANG_MS = 15_000;

/**
 * Opens one connection to the mock, lets `talk` write to it (whole requests, fragments, or
 * nothing at all), and collects what comes back until the server closes the connection or
 * `until` holds.
 */
export function rawExchange(
  baseUrl: string,
  talk: (socket: Socket) => void,
  opts: { until?: (responses: HttpResponse[]) => boolean } = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closedByServer: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)), closedByServer });
    };
    const timer = setTimeout(() => {
      done = true;
      socket.destroy();
      reject(
        new Error(`the connection was neither answered nor closed within ${HANG_MS} ms: the mock hangs`),
      );
    }, HANG_MS);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (opts.until?.(parseResponses(Buffer.concat(chunks)))) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.once('connect', () => talk(socket));
  });
}
