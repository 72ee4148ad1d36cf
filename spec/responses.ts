import type { ValidateFunction } from 'ajv/dist/2020.js';
import { resolve, type Document, type Operation, type Response, type Schema } from './load.ts';
import { createSpecAjv, type SpecAjv } from './schemas.ts';

export interface ObservedResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Raw text of the body, when the caller has it (to tell "no body" from "empty JSON"). */
  text?: string;
}

export interface Problem {
  /** What part of the response is wrong: `status`, `content-type`, `body`, `header <name>`. */
  where: string;
  expected: string;
  actual: string;
}

/** The documented response for a status: the exact code first, then `4XX`/`5XX`, then `default`. */
export function documentedResponse(
  op: Operation,
  status: number,
): { key: string; response: Response } | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = op.responses[key];
    if (response) return { key, response };
  }
  return undefined;
}

function headerValue(headers: ObservedResponse['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim())
    .join('; ');
}

/**
 * Checks one response against what the spec documents for the operation: the status is
 * documented, a JSON body validates against that status's schema, and the headers the spec
 * marks required are present and valid. Returns every problem found (empty when it conforms).
 */
export class ResponseChecker {
  private readonly ajv: SpecAjv;

  constructor(
    private readonly doc: Document,
    ajv?: SpecAjv,
  ) {
    this.ajv = ajv ?? createSpecAjv(doc);
  }

  check(op: Operation, res: ObservedResponse): Problem[] {
    const documented = documentedResponse(op, res.status);
    if (!documented) {
      return [
        {
          where: 'status',
          expected: `one of ${Object.keys(op.responses).join(', ')}`,
          actual: String(res.status),
        },
      ];
    }
    const problems: Problem[] = [];
    const { key, response } = documented;
    const media = response.content?.['application/json'];
    if (media) {
      const contentType = headerValue(res.headers, 'content-type') ?? '';
      if (!/^application\/json\b/i.test(contentType)) {
        problems.push({
          where: 'content-type',
          expected: 'application/json',
          actual: contentType || '(none)',
        });
      }
      if (media.schema) {
        const validate = this.ajv.compile(media.schema);
        if (!validate(res.body)) {
          problems.push({ where: 'body', expected: `the ${key} schema`, actual: describeErrors(validate) });
        }
      }
    } else if (res.text !== undefined && res.text.length > 0) {
      problems.push({ where: 'body', expected: `no body for ${key}`, actual: `${res.text.length} bytes` });
    }
    for (const [name, raw] of Object.entries(response.headers ?? {})) {
      const header = resolve(this.doc, raw);
      const value = headerValue(res.headers, name);
      if (value === undefined) {
        if (header.required)
          problems.push({ where: `header ${name}`, expected: 'present (required)', actual: 'absent' });
        continue;
      }
      if (header.schema) {
        const schema = resolve<Schema>(this.doc, header.schema);
        const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
        const validate = this.ajv.compile(header.schema);
        if (!validate(typed)) {
          problems.push({ where: `header ${name}`, expected: describeErrors(validate), actual: value });
        }
      }
    }
    return problems;
  }
}
