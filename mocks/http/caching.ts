import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A strong validator from the body's bytes: the same body always has the same tag. */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a 200 JSON body as the real service does: revalidate-always caching, ETag, 304 on a match. */
export function sendCachedJson(req: Request, res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  res.set({ 'Cache-Control': 'public, no-cache, must-revalidate', ETag: etag });
  if (matches(req.get('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json; charset=utf-8').send(text);
}
