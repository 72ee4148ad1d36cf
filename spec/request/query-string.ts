/** Most pairs a query string is read for, as Node's `querystring.parse` (Express's parser) reads. */
const MAX_PAIRS = 1000;
const ENCODED_BYTE = /%[0-9a-fA-F]{2}/;
const utf8 = new TextDecoder();

/**
 * A query string as Express 5 reads it (`querystring.parse`, its "simple" parser), without Node:
 * pairs split on `&` and at their first `=`, `+` as a space, percent-escapes decoded (leniently
 * where they are malformed), a repeated name as a list, at most 1,000 pairs. The object has no
 * prototype, so no name can reach one. query-string.test.ts compares it with Node's own.
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  if (query.length === 0) return out;
  const segments = query.split('&');
  let pairs = MAX_PAIRS;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (segment.length === 0) {
      if (i === segments.length - 1 || --pairs === 0) return out;
      continue;
    }
    const eq = segment.indexOf('=');
    const rawKey = eq < 0 ? segment : segment.slice(0, eq);
    const rawValue = eq < 0 ? '' : segment.slice(eq + 1);
    // Node's scanner: a `+` breaks an escape in a key but not in a value; and once the key holds
    // an escape, a second one later in the key marks the value as encoded too.
    const keyScan = ENCODED_BYTE.exec(rawKey);
    const valueEncoded =
      (keyScan !== null &&
        ENCODED_BYTE.test(rawKey.slice(keyScan.index + keyScan[0].length).replaceAll('+', ''))) ||
      ENCODED_BYTE.test(rawValue.replaceAll('+', ''));
    const key = decodePart(rawKey, keyScan !== null);
    const value = decodePart(rawValue, valueEncoded);
    const current = out[key];
    if (current === undefined) out[key] = value;
    else if (Array.isArray(current)) current.push(value);
    else out[key] = [current, value];
    if (--pairs === 0) return out;
  }
  return out;
}

/** `+` is a space; escapes are decoded only where Node's scanner saw one (`encoded`). */
function decodePart(raw: string, encoded: boolean): string {
  const spaced = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!encoded || spaced.length === 0) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return lenientDecode(spaced);
  }
}

/** Each well-formed `%XX` as its byte, every other character as its low byte, then UTF-8 (as Node does). */
function lenientDecode(text: string): string {
  const bytes = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 37 && i < text.length - 2) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        bytes[n++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    bytes[n++] = code & 0xff;
  }
  return utf8.decode(bytes.subarray(0, n));
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}
