import type { Operation, Response } from './document.ts';

/** One way an answer differs from what the spec says: diagnostics as data, never thrown. */
export interface Problem {
  /** What part of the response is wrong: `status`, `content-type`, `body`, `header <name>`. */
  where: string;
  expected: string;
  actual: string;
}

/** What the operation documents for one status, and under which key of its `responses`. */
export interface DocumentedResponse {
  key: string;
  response: Response;
}

/** The documented response for a status: the exact code first, then `4XX`/`5XX`, then `default`. */
export function documentedResponse(op: Operation, status: number): DocumentedResponse | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = op.responses[key];
    if (response) return { key, response };
  }
  return undefined;
}
