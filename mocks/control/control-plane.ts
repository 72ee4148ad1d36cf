import { sameSecret } from '../http/constant-time.ts';
import type { ApiRequest, ApiResponse } from '../http/exchange.ts';
import { requestHeader } from '../http/exchange.ts';
import { errorAnswer, jsonAnswer } from '../http/own-answer.ts';
import { ControlError, type SubmitRequest } from './control-requests.ts';
import type { LiveChain } from './live-chain.ts';
import { isLoopback } from './loopback.ts';

export const CONTROL_TOKEN_HEADER = 'x-control-token';
/** The largest body a control call reads. */
export const CONTROL_BODY_LIMIT = 16 * 1024;

export interface ControlAccess {
  /** The address the mock listens on: the control plane is open without a token on loopback only. */
  host: string;
  token?: string | undefined;
}

type Action = (live: LiveChain, body: unknown) => { status: number; value: unknown };

/** The control plane's calls, by path (lower case, as the mock's own paths are matched). */
const ACTIONS: Record<string, Action> = {
  '/_mock/mine': (live, body) => {
    const { blocks } = live.checks.body('MineRequest', body ?? {}) as { blocks: number };
    return { status: 200, value: live.mine(blocks) };
  },
  '/_mock/transactions': (live, body) => ({
    status: 201,
    value: live.submit(body as SubmitRequest, 'body'),
  }),
  '/_mock/reorg': (live, body) => {
    const { depth } = live.checks.body('ReorgRequest', body) as { depth: number };
    return { status: 200, value: live.reorg(depth) };
  },
  '/_mock/reset': (live) => ({ status: 200, value: live.reset() }),
};

/**
 * The control plane's POSTs under /_mock/: the token guard, then the body read as JSON and
 * checked against the control spec's schemas (ajv, as for the API; `control-requests.ts`) before
 * the `LiveChain` acts. Undefined for a path that is not a control call.
 */
export function controlPlane(
  live: LiveChain,
  access: ControlAccess,
): (request: ApiRequest, path: string, headers: string[]) => Promise<ApiResponse> | ApiResponse | undefined {
  const refusal = guard(access);
  return (request, path, headers) => {
    const action = ACTIONS[path];
    if (!action) return undefined;
    const refused = refusal(request);
    if (refused) return errorAnswer(request, headers, refused.status, refused.message);
    if (request.method !== 'POST') {
      headers.push('Allow', 'POST');
      return errorAnswer(
        request,
        headers,
        405,
        `${request.method} is not allowed here: the control plane takes POST`,
      );
    }
    return readJson(request)
      .then((body) => {
        const { status, value } = action(live, body);
        return jsonAnswer(request, headers, status, value, true);
      })
      .catch((err: unknown) => {
        if (err instanceof ControlError) return errorAnswer(request, headers, err.status, err.message);
        throw err;
      });
  };
}

/** Why a control call is refused before its body is read, or undefined when it may go on. */
function guard(access: ControlAccess): (request: ApiRequest) => ControlError | undefined {
  const { token } = access;
  return (request) => {
    if (token === undefined) {
      if (isLoopback(access.host)) return undefined;
      return new ControlError(
        403,
        `the control plane is off: the mock listens on ${access.host}, not loopback; start it with --control-token`,
      );
    }
    const given = requestHeader(request, CONTROL_TOKEN_HEADER);
    if (given === undefined)
      return new ControlError(401, 'the control plane needs the X-Control-Token header');
    if (!sameSecret(given, token))
      return new ControlError(403, 'the X-Control-Token is not the one the mock was started with');
    return undefined;
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as JSON: none is undefined; an object or an array at the top, as a JSON body parser
 * in strict mode takes it; anything else a 400 (or 413 past the limit) with the reason.
 */
async function readJson(request: ApiRequest): Promise<unknown> {
  const bytes = await readBody(request);
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ControlError(400, 'the body cannot be read');
  }
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw new ControlError(400, 'the body is not valid JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ControlError(400, 'the body is not valid JSON');
  }
}

async function readBody(request: ApiRequest): Promise<Uint8Array> {
  if (!request.readBody) return new Uint8Array();
  try {
    return await request.readBody(CONTROL_BODY_LIMIT);
  } catch (err) {
    if ((err as { status?: unknown }).status === 413)
      throw new ControlError(413, 'the body is larger than 16 kB');
    throw new ControlError(400, 'the body cannot be read');
  }
}
