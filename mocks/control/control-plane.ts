import { listOperations, type Document, type Operation } from '../../spec/document.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { BodyError, readJsonBody } from '../http/body.ts';
import { sameSecret } from '../http/constant-time.ts';
import { errorAnswer, jsonAnswer } from '../http/own-answer.ts';
import type { OwnAnswer, OwnRoute } from '../http/own-routes.ts';
import { ControlError, isChecked, type ControlChecks, type SubmitRequest } from './control-requests.ts';
import type { LiveChain } from './live-chain.ts';
import type { Preference, Preferences } from '../http/preferences.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { isLoopbackHost } from '../../spec/loopback.ts';

export const CONTROL_TOKEN_HEADER = 'x-control-token';

export interface ControlAccess {
  /** The address the mock listens on: the control plane is open without a token on loopback only. */
  host: string;
  token?: string | undefined;
}

/** What the control plane drives: the living chain, and the answers' preferences and rate limits. */
export interface Controlled {
  live: LiveChain;
  preferences: Preferences;
  limiter: RateLimiter;
}

/** A control call's action, on its body as its route checked it (`bodyCheck`). */
type Action = (
  controlled: Controlled,
  body: unknown,
) => { status: number; value: unknown } | Promise<{ status: number; value: unknown }>;

/** The control plane's calls, by the control spec's operationId: the controls of every door's `Mock`. */
const ACTIONS: Record<string, Action> = {
  // A block's engine work crosses asynchronously: the mock answers other requests meanwhile.
  mine: async ({ live }, body) => ({
    status: 200,
    value: await live.mineLater((body as { blocks: number }).blocks),
  }),
  submit_transaction: ({ live }, body) => ({
    status: 201,
    value: live.submit(body as SubmitRequest, 'body'),
  }),
  reorg: ({ live }, body) => ({ status: 200, value: live.reorg((body as { depth: number }).depth) }),
  reset: ({ live }) => ({ status: 200, value: live.reset() }),
  prefer: ({ preferences }, body) => {
    try {
      return { status: 200, value: { prefer: preferences.add(body as Preference) } };
    } catch (err) {
      // No code nor delay, or an operationId the release does not serve (the line names those it does).
      throw new ControlError(400, (err as Error).message);
    }
  },
  clear_preferences: ({ preferences }) => {
    preferences.clear();
    return { status: 200, value: {} };
  },
  set_rate_limits: ({ limiter }, body) => {
    limiter.setLimits(body as Partial<RateLimiter['limits']>);
    return { status: 200, value: { ...limiter.limits } };
  },
};

/**
 * The control plane's routes under /_mock/, one per path of the control spec, for the mock's own
 * route table (mocks/http/own-routes.ts): the token guard, then (the path's method, else 405 with
 * `Allow`) the body read as JSON and checked against the control spec's schemas (ajv, as for the
 * API; `control-requests.ts`) before the `LiveChain` acts.
 */
export function controlRoutes(
  controlled: Controlled,
  controlDoc: Document,
  access: ControlAccess,
): [string, OwnRoute][] {
  const refusal = guard(access);
  const byPath = new Map<string, Map<string, Action>>();
  for (const op of listOperations(controlDoc)) {
    const act = ACTIONS[op.operationId];
    if (!act) throw new Error(`the control spec's ${op.operationId} has no action`);
    const check = bodyCheck(op, controlled.live.checks);
    const action: Action = (on, body) => act(on, check(body));
    // The own routes are keyed by their literal path: a parameter would never match.
    if (op.path.includes('{')) throw new Error(`the control spec's ${op.path} takes a path parameter`);
    const methods = byPath.get(op.path.toLowerCase()) ?? new Map<string, Action>();
    byPath.set(op.path.toLowerCase(), methods.set(op.method.toUpperCase(), action));
  }
  const answer =
    (methods: Map<string, Action>): OwnAnswer =>
    (request, headers) => {
      const refused = refusal(request);
      if (refused) return errorAnswer(request, headers, refused.status, refused.message);
      const action = methods.get(request.method);
      if (!action) {
        headers.push('Allow', [...methods.keys()].join(', '));
        return errorAnswer(
          request,
          headers,
          405,
          `${request.method} is not allowed here: the control plane takes POST`,
        );
      }
      return readJsonBody(request)
        .then(async (body) => {
          const { status, value } = await action(controlled, body);
          return jsonAnswer(request, headers, status, value, true);
        })
        .catch((err: unknown) => {
          if (err instanceof ControlError || err instanceof BodyError)
            return errorAnswer(request, headers, err.status, err.message);
          throw err;
        });
    };
  return [...byPath].map(([path, methods]) => [path, { methods: 'any', answer: answer(methods) }]);
}

/**
 * A control call's body checked as its operation in the control spec declares it: against its
 * schema (ajv, its defaults filled in; an optional body absent as `{}`), or not at all when it
 * takes none. A submitted transaction is checked by the living chain as it admits it, once a
 * world file's account names are addresses (`LiveChain.submit`).
 */
function bodyCheck(op: Operation, checks: ControlChecks): (body: unknown) => unknown {
  const takes = op.requestBody;
  const ref = (takes?.schema as { $ref?: string } | undefined)?.$ref;
  if (!takes || ref === SUBMIT_REQUEST) return (body) => body;
  const name = ref?.slice(SCHEMAS.length);
  if (!ref?.startsWith(SCHEMAS) || !isChecked(name))
    throw new Error(`the control spec's ${op.operationId} takes a body no control check knows: ${ref}`);
  return (body) => checks.body(name, takes.required ? body : (body ?? {}));
}

const SCHEMAS = '#/components/schemas/';
const SUBMIT_REQUEST = `${SCHEMAS}SubmitRequest`;

/** Why a control call is refused before its body is read, or undefined when it may go on. */
function guard(access: ControlAccess): (request: ServerRequest) => ControlError | undefined {
  const { token } = access;
  return (request) => {
    if (token === undefined) {
      if (isLoopbackHost(access.host)) return undefined;
      return new ControlError(
        403,
        `the control plane is off: the mock listens on ${access.host}, not loopback; start it with --control-token`,
      );
    }
    const given = request.headers[CONTROL_TOKEN_HEADER];
    if (given === undefined)
      return new ControlError(401, 'the control plane needs the X-Control-Token header');
    if (!sameSecret(given, token))
      return new ControlError(403, 'the X-Control-Token is not the one the mock was started with');
    return undefined;
  };
}
