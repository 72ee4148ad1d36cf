import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A 200 body ready to send: its UTF-8 bytes and its ETag, computed once. */
export interface SerializedJson {
  body: Buffer;
  etag: string;
}

/** A strong validator from the body's bytes: the same body always has the same tag. */
export function etagOf(text: string | Buffer): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

export function serializeJson(value: unknown): SerializedJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: etagOf(body) };
}

/** Whether an If-None-Match header names this ETag (weak or strong) or `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export const CACHE_CONTROL = 'public, no-cache, must-revalidate';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a 200 JSON body as the real service does: revalidate-always caching, ETag, 304 on a match. */
export function sendCachedJson(req: Request, res: Response, json: SerializedJson): void {
  // setHeader, not res.set/res.type: those re-parse the media type on every call for the same result.
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('ETag', json.etag);
  if (matches(req.headers['if-none-match'], json.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  // Bytes, not a string: Express sends a Buffer as it is instead of re-encoding it per request.
  res.status(200).send(json.body);
}
