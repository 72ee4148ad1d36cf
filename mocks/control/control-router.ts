import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { sendError } from '../http/node/express-stages.ts';
import { ControlError, type SubmitRequest } from './control-requests.ts';
import { CONTROL_SPEC_PATH } from './control-spec.ts';
import type { LiveChain } from './live-chain.ts';
import { isLoopback } from './loopback.ts';

export { CONTROL_SPEC_PATH } from './control-spec.ts';
export const CONTROL_TOKEN_HEADER = 'x-control-token';

export interface ControlAccess {
  /** The address the mock listens on: the control plane is open without a token on loopback only. */
  host: string;
  token?: string;
}

/**
 * The control plane under /_mock/: its OpenAPI document, then the guarded POSTs, each body
 * checked against that document's schemas (ajv, as for the API; `control-requests.ts`) before
 * the `LiveChain` acts.
 */
export function controlRouter(live: LiveChain, access: ControlAccess): Router {
  const router = express.Router();
  const yaml = readFileSync(CONTROL_SPEC_PATH, 'utf8');
  router.get(
    '/_mock/openapi.yaml',
    (_req, res) => void res.type('application/yaml; charset=utf-8').send(yaml),
  );

  const post = express.Router();
  // Only the control paths read a body: a GET to the API with a body stays as it was.
  const pre = [guard(access), express.json({ limit: '16kb', type: () => true })];
  post.post('/_mock/mine', ...pre, (req, res) => {
    const body = live.checks.body('MineRequest', req.body ?? {}) as { blocks: number };
    answer(res, 200, live.mine(body.blocks));
  });
  post.post('/_mock/transactions', ...pre, (req, res) => {
    answer(res, 201, live.submit(req.body as SubmitRequest, 'body'));
  });
  post.post('/_mock/reorg', ...pre, (req, res) => {
    const body = live.checks.body('ReorgRequest', req.body) as { depth: number };
    answer(res, 200, live.reorg(body.depth));
  });
  post.post('/_mock/reset', ...pre, (_req, res) => answer(res, 200, live.reset()));
  for (const path of ['/_mock/mine', '/_mock/transactions', '/_mock/reorg', '/_mock/reset'])
    post.all(path, guard(access), (req, res) => {
      res.set('Allow', 'POST');
      sendError(res, 405, `${req.method} is not allowed here: the control plane takes POST`);
    });
  post.use(controlErrors);
  router.use(post);
  return router;
}

function guard(access: ControlAccess) {
  const expected = access.token === undefined ? undefined : Buffer.from(access.token);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!expected) {
      if (isLoopback(access.host)) return next();
      return sendError(
        res,
        403,
        `the control plane is off: the mock listens on ${access.host}, not loopback; start it with --control-token`,
      );
    }
    const given = req.get(CONTROL_TOKEN_HEADER);
    if (given === undefined) return sendError(res, 401, 'the control plane needs the X-Control-Token header');
    const bytes = Buffer.from(given);
    if (bytes.length !== expected.length || !timingSafeEqual(bytes, expected))
      return sendError(res, 403, 'the X-Control-Token is not the one the mock was started with');
    next();
  };
}

function answer(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/** Refusals and unreadable bodies get the standard error body; anything else goes on. */
function controlErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (err instanceof ControlError) return sendError(res, err.status, err.message);
  const parse = err as { type?: string; status?: number };
  if (parse.type === 'entity.parse.failed') return sendError(res, 400, 'the body is not valid JSON');
  if (parse.type === 'entity.too.large') return sendError(res, 413, 'the body is larger than 16 kB');
  if (typeof parse.type === 'string' && parse.status === 400)
    return sendError(res, 400, 'the body cannot be read');
  next(err);
}
