import { digest, sameBytes } from './constant-time.ts';

/** What the key stage decides for one request: a refusal, or the key the client is known by (none: anonymous). */
export type KeyVerdict = { status: 401 | 403; message: string } | { key: string | undefined };

/**
 * API keys as an app developer meets them. No key is fine (the lower limit) unless keys are
 * required (401). With no keys configured, any key is accepted, so an app that always sends its
 * real key works against the mock; with keys configured, a key that is not one of them is 403.
 * A key let through is a keyed client (its own, higher limit). Keys are compared as digests in
 * constant time, against every configured key, so neither length nor position leaks through timing.
 */
/** The verdict for a request without a key, where none is required: one object, not one per request. */
const ANONYMOUS: KeyVerdict = Object.freeze({ key: undefined });

export function keyVerdict(keys: string[], requireKey: boolean): (sent: string | undefined) => KeyVerdict {
  const known = keys.map(digest);
  const isKnown = (key: string): boolean => {
    const sent = digest(key);
    let match = false;
    for (const k of known) match = sameBytes(sent, k) || match;
    return match;
  };
  return (sent) => {
    if (sent === undefined || sent === '') {
      if (requireKey) return { status: 401, message: 'API key required: send it in the X-API-Key header' };
      return ANONYMOUS;
    }
    if (known.length > 0 && !isKnown(sent)) return { status: 403, message: 'Invalid API key' };
    return { key: sent };
  };
}

/** Which of the three key modes is on, in the words of the table in docs/mock.md (API keys). */
export function keyMode(options: { apiKeys: string[]; requireApiKey: boolean }): string {
  const missing = options.requireApiKey ? 'a request without a key gets 401' : 'no key needed';
  const sent = options.apiKeys.length
    ? `${options.apiKeys.length} configured, any other key gets 403`
    : 'any key accepted (counted per key)';
  return `${missing}; ${sent}`;
}
