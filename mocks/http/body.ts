import type { ServerRequest } from '../../spec/http/request.ts';

/** The largest body the mock reads (a control call, an operation that takes a body). */
export const BODY_LIMIT = 16 * 1024;

/** A body the mock cannot read: the status and the message to answer with. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();

/**
 * The request's body as JSON: none is undefined; an object or an array at the top, as a JSON
 * body parser in strict mode takes it, or a string where the operation takes one (a stacks-node's
 * map key); anything else a BodyError (413 past the limit) naming why.
 */
export async function readJsonBody(
  request: ServerRequest,
  limit = BODY_LIMIT,
  takesString = false,
): Promise<unknown> {
  const bytes = await readBytes(request, limit);
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new BodyError(400, 'the body cannot be read');
  }
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && !(takesString && first === '"'))
    throw new BodyError(400, 'the body is not valid JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'the body is not valid JSON');
  }
}

/** The request's body as sent, at most `limit` bytes (413 past it); none is empty. */
export async function readRawBody(request: ServerRequest, limit = BODY_LIMIT): Promise<Uint8Array> {
  return readBytes(request, limit);
}

async function readBytes(request: ServerRequest, limit: number): Promise<Uint8Array> {
  const tooLarge = (): BodyError => new BodyError(413, `the body is larger than ${limit / 1024} kB`);
  if (!request.readBody) {
    // Handed over in process: the body as given, within the same limit as one read off a socket.
    const { body } = request;
    const bytes = typeof body === 'string' ? utf8.encode(body) : (body ?? new Uint8Array());
    if (bytes.length > limit) throw tooLarge();
    return bytes;
  }
  try {
    return await request.readBody(limit);
  } catch (err) {
    if ((err as { status?: unknown }).status === 413) throw tooLarge();
    throw new BodyError(400, 'the body cannot be read');
  }
}
