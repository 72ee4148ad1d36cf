import { bodyDigest } from './node/body-digest.ts';

/** A 200 body ready to send: its UTF-8 bytes, its length as the header writes it, and its ETag, computed once. */
export interface SerializedJson {
  body: Uint8Array;
  length: string;
  etag: string;
}

const utf8 = new TextEncoder();

/** A strong validator from the body's bytes: the same body always has the same tag. */
export function etagOf(body: string | Uint8Array): string {
  return `"${bodyDigest(typeof body === 'string' ? utf8.encode(body) : body)}"`;
}

/** A body that carries no ETag (the 410 of an operation a release no longer serves): no digest for it. */
export function encodeJson(value: unknown): Omit<SerializedJson, 'etag'> {
  const body = utf8.encode(JSON.stringify(value));
  return { body, length: String(body.length) };
}

export function serializeJson(value: unknown): SerializedJson {
  const body = utf8.encode(JSON.stringify(value));
  return { body, length: String(body.length), etag: etagOf(body) };
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
