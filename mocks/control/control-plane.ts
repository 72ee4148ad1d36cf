import { listOperations, type Document } from '../../spec/document.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { BodyError, readJsonBody } from '../http/body.ts';
import { sameSecret } from '../http/constant-time.ts';
import { errorAnswer, jsonAnswer } from '../http/own-answer.ts';
import type { OwnAnswer, OwnRoute } from '../http/own-routes.ts';
import { ControlError, type SubmitRequest } from './control-requests.ts';
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

type Action = (controlled: Controlled, body: unknown) => { status: number; value: unknown };

/** The control plane's calls, by the control spec's operationId: the controls of every door's `Mock`. */
const ACTIONS: Record<string, Action> = {
  mine: ({ live }, body) => {
    const { blocks } = live.checks.body('MineRequest', body ?? {}) as { blocks: number };
    return { status: 200, value: live.mine(blocks) };
  },
  submit_transaction: ({ live }, body) => ({
    status: 201,
    value: live.submit(body as SubmitRequest, 'body'),
  }),
  reorg: ({ live }, body) => {
    const { depth } = live.checks.body('ReorgRequest', body) as { depth: number };
    return { status: 200, value: live.reorg(depth) };
  },
  reset: ({ live }) => ({ status: 200, value: live.reset() }),
  prefer: ({ live, preferences }, body) => {
    const preference = live.checks.body('Preference', body) as Preference;
    try {
      return { status: 200, value: { prefer: preferences.add(preference) } };
    } catch (err) {
      // No code nor delay, or an operationId the release does not serve (the line names those it does).
      throw new ControlError(400, (err as Error).message);
    }
  },
  clear_preferences: ({ preferences }) => {
    preferences.clear();
    return { status: 200, value: {} };
  },
  set_rate_limits: ({ live, limiter }, body) => {
    limiter.setLimits(live.checks.body('RateLimits', body) as Partial<RateLimiter['limits']>);
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
    const action = ACTIONS[op.operationId];
    if (!action) throw new Error(`the control spec's ${op.operationId} has no action`);
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
        .then((body) => {
          const { status, value } = action(controlled, body);
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
