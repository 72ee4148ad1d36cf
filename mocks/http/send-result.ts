import type { Request, Response } from 'express';
import { sendCachedJson, serializeJson, type SerializedJson } from './caching.ts';
import { sendError } from './errors.ts';

/** Any stage's outcome: a 200 body, or an error the documented error body carries. */
export type HttpResult =
  { status: 200; body: unknown } | { status: 400 | 404; message: string; code?: string };

/**
 * The one place a result becomes HTTP: a 200 body is serialized once (handed to `remember` for
 * the response cache) and sent with its ETag; anything else gets the error body.
 */
export function sendResult(
  req: Request,
  res: Response,
  result: HttpResult,
  remember: (json: SerializedJson) => void,
): void {
  if (result.status !== 200) return sendError(res, result.status, result.message, result.code);
  const json = serializeJson(result.body);
  remember(json);
  sendCachedJson(req, res, json);
}
