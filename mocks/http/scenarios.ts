import type { RequestHandler } from 'express';
import type { Operation } from '../../spec/load.ts';
import { documentedResponse } from '../../spec/responses.ts';
import { sendError } from './errors.ts';

export const MAX_DELAY_MS = 60_000;

interface Preference {
  code?: number;
  delay?: number;
  /** Why a preference was not applied (RFC 7240 lets a server ignore what it cannot honour). */
  ignored: string[];
}

/** Parses `Prefer: code=404, delay=250` (RFC 7240 tokens; other preferences are ignored). */
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
    }
  }
  return pref;
}

export interface ScenarioSettings {
  latencyMs: number;
  faultRate: number;
  random: () => number;
}

/**
 * Error scenarios for app developers: `Prefer: code=<status>` answers any status the spec
 * documents for the operation, `Prefer: delay=<ms>` delays one answer, and the global latency
 * and seeded fault rate apply to every request. A preference that cannot be honoured is ignored
 * and named in `X-Mock-Prefer-Ignored`.
 */
export function scenarios(op: Operation, settings: ScenarioSettings): RequestHandler {
  return (req, res, next) => {
    const pref = parsePrefer(req.get('prefer'));
    if (pref.code !== undefined && !documentedResponse(op, pref.code)) {
      pref.ignored.push(
        `code=${pref.code} is not documented for ${op.operationId} (documented: ${Object.keys(op.responses).join(', ')})`,
      );
      delete pref.code;
    }
    // An unusable preference must not turn into a status the operation does not document, so
    // it is ignored and the reason is told in a header.
    if (pref.ignored.length) res.set('x-mock-prefer-ignored', pref.ignored.join('; '));
    const delay = settings.latencyMs + (pref.delay ?? 0);
    const proceed = (): void => {
      if (pref.code !== undefined && pref.code !== 200) return forced(op, pref.code, res);
      if (settings.faultRate > 0 && settings.random() < settings.faultRate) {
        return sendError(res, 500, 'injected fault (--fault-rate)');
      }
      next();
    };
    if (delay > 0) {
      const timer = setTimeout(proceed, delay);
      res.on('close', () => clearTimeout(timer));
    } else proceed();
  };
}

function forced(op: Operation, code: number, res: Parameters<RequestHandler>[1]): void {
  res.set('preference-applied', `code=${code}`);
  if (code === 304) {
    res.status(304).set('ETag', '"forced"').end();
    return;
  }
  if (code === 429) {
    // Agree with the 429: nothing left, and retry when the window (as the limiter counted it) resets.
    const reset = res.get('ratelimit-reset') ?? '60';
    res.set({
      'retry-after': reset,
      'ratelimit-reset': reset,
      'ratelimit-limit': res.get('ratelimit-limit') ?? '0',
      'ratelimit-remaining': '0',
    });
    if (res.get('x-ratelimit-remaining-stacks-minute') !== undefined)
      res.set('x-ratelimit-remaining-stacks-minute', '0');
  }
  sendError(
    res,
    code,
    `${documentedResponse(op, code)?.response.description ?? 'forced'} (Prefer: code=${code})`,
  );
}
