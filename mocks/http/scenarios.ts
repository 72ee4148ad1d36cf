import { errorFieldStatuses, type Operation } from '../../spec/document.ts';
import { documentedResponse } from '../../spec/responses.ts';
import { headerIn, setHeaderIn } from '../../spec/http/response.ts';

export const MAX_DELAY_MS = 60_000;

interface Preference {
  code?: number;
  delay?: number;
  /** Why a preference was not applied (RFC 7240 lets a server ignore what it cannot honour). */
  ignored: string[];
}

/**
 * Prism's own preferences, which users of Prism send out of habit: named when ignored, since
 * silence would pass for being honoured.
 */
const PRISM_PREFERENCES: Record<string, string> = {
  example: 'this mock answers from its world, not from named examples (code=<status> picks another answer)',
  dynamic: 'answers come from the world, the same for the same seed (--seed picks another world)',
};

/** Parses `Prefer: code=404, delay=250` (RFC 7240 tokens; others are ignored, Prism's named). */
export function parsePrefer(header: string | undefined): Preference {
  const pref: Preference = { ignored: [] };
  if (!header) return pref;
  for (const token of header.split(/[,;]/)) {
    const [rawName, rawValue = ''] = token.split('=');
    const name = rawName?.trim().toLowerCase();
    const value = rawValue.trim().replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (/^[1-5]\d\d$/.test(value)) pref.code = Number(value);
      else pref.ignored.push(`code must be an HTTP status, got "${value}"`);
    } else if (name === 'delay') {
      if (/^\d{1,6}$/.test(value) && Number(value) <= MAX_DELAY_MS) pref.delay = Number(value);
      else pref.ignored.push(`delay must be 0 to ${MAX_DELAY_MS} milliseconds, got "${value}"`);
    } else if (name !== undefined && name in PRISM_PREFERENCES) {
      pref.ignored.push(`${name}=${value} is Prism's: ${PRISM_PREFERENCES[name]}`);
    }
  }
  return pref;
}

export interface ScenarioSettings {
  latencyMs: number;
  faultRate: number;
  random: () => number;
}

/** What the scenarios ask of one request: a wait first, then a forced status or an injected fault, or neither. */
export interface Scenario {
  delayMs: number;
  /** A status other than 200 that `Prefer: code` asks for and the operation documents. */
  code: number | undefined;
  /** Why a preference was not applied, for `X-Mock-Prefer-Ignored`. */
  ignored: string | undefined;
}

/**
 * Error scenarios for app developers: `Prefer: code=<status>` answers any status the spec
 * documents for the operation, `Prefer: delay=<ms>` delays one answer, and the global latency
 * and seeded fault rate apply to every request. A preference that cannot be honoured is ignored
 * and named in `X-Mock-Prefer-Ignored`, so it never turns into a status the operation does not document.
 */
export function scenarioOf(op: Operation, prefer: string | undefined, settings: ScenarioSettings): Scenario {
  const pref = parsePrefer(prefer);
  if (pref.code !== undefined && !documentedResponse(op, pref.code)) {
    pref.ignored.push(
      `code=${pref.code} is not documented for ${op.operationId} (documented: ${Object.keys(op.responses).join(', ')})`,
    );
    delete pref.code;
  }
  return {
    delayMs: settings.latencyMs + (pref.delay ?? 0),
    code: pref.code === 200 ? undefined : pref.code,
    ignored: pref.ignored.length ? pref.ignored.join('; ') : undefined,
  };
}

/** Whether the seeded fault rate injects a 500 into this request (one draw per request when on). */
export function injectsFault(settings: ScenarioSettings): boolean {
  return settings.faultRate > 0 && settings.random() < settings.faultRate;
}

/**
 * The headers of a forced answer, after those set so far. A forced 429 agrees with itself:
 * nothing left, retry when the window (as the limiter counted it) resets.
 */
export function forcedHeaders(headers: string[], code: number): void {
  setHeaderIn(headers, 'preference-applied', `code=${code}`);
  if (code !== 429) return;
  const reset = headerIn(headers, 'ratelimit-reset') ?? '60';
  setHeaderIn(headers, 'retry-after', reset);
  setHeaderIn(headers, 'ratelimit-reset', reset);
  setHeaderIn(headers, 'ratelimit-limit', headerIn(headers, 'ratelimit-limit') ?? '0');
  setHeaderIn(headers, 'ratelimit-remaining', '0');
  if (headerIn(headers, 'x-ratelimit-remaining-stacks-minute') !== undefined)
    setHeaderIn(headers, 'x-ratelimit-remaining-stacks-minute', '0');
}

/**
 * The forced answer's text, when the operation documents that status as its own server's text
 * only (a stacks-node's 404): its example, else its description. Otherwise undefined: the
 * shared error body.
 */
export function forcedText(op: Operation, code: number): string | undefined {
  const content = documentedResponse(op, code)?.response.content;
  const types = Object.keys(content ?? {});
  if (types.length !== 1 || types[0] !== 'text/plain') return undefined;
  const example = content?.['text/plain']?.example;
  return typeof example === 'string' ? example : documentedResponse(op, code)?.response.description;
}

/** The forced answer's message: the documented response's description. */
export function forcedMessage(op: Operation, code: number): string {
  return `${documentedResponse(op, code)?.response.description ?? 'forced'} (Prefer: code=${code})`;
}

/**
 * The body of a forced error of an operation whose errors are another server's words (the token
 * metadata service's `{error}` 404 and 422, the BNS routes' 404, as `x-error-body` says): the documented
 * response's example, as that server writes it; undefined for the service's own `ErrorResponse`.
 */
export function forcedOwnBody(op: Operation, code: number): unknown {
  if (!errorFieldStatuses(op).includes(code)) return undefined;
  const content = documentedResponse(op, code)?.response.content;
  return content?.['application/json']?.example;
}
