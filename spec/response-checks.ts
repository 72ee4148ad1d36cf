import type { ValidateFunction } from 'ajv/dist/2020.js';
import { resolve, type Document, type Header, type Operation, type Schema } from './load.ts';
import type { HttpResponse } from './http/response.ts';
import type { DocumentedResponse, Problem } from './responses.ts';
import type { SpecAjv } from './schemas.ts';

/** What every response check reads: the spec, its compiled schemas, the operation and the answer. */
export interface ResponseContext {
  doc: Document;
  ajv: SpecAjv;
  op: Operation;
  res: HttpResponse;
  /** What the operation documents for the answer's status; undefined when it documents nothing. */
  documented: DocumentedResponse | undefined;
}

/** One rule of the spec about a response, named for it: the problems it finds, empty when it holds. */
export type ResponseCheck = (ctx: ResponseContext) => Problem[];

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim())
    .join('; ');
}

/** The operation documents the status, exactly, through `4XX`/`5XX`, or through `default`. */
export function statusIsDocumented({ op, documented, res }: ResponseContext): Problem[] {
  if (documented) return [];
  return [
    {
      where: 'status',
      expected: `one of ${Object.keys(op.responses).join(', ')}`,
      actual: String(res.status),
    },
  ];
}

/**
 * A status documented with a JSON body is labelled `application/json`, or another media type the
 * status documents beside it (a stacks-node's own text refusal).
 */
export function contentTypeIsJson({ documented, res }: ResponseContext): Problem[] {
  if (!documented?.response.content?.['application/json']) return [];
  const contentType = res.headers['content-type'] ?? '';
  if (/^application\/json\b/i.test(contentType)) return [];
  if (documentsOtherType(documented, contentType)) return [];
  return [{ where: 'content-type', expected: 'application/json', actual: contentType || '(none)' }];
}

/** The body validates against the schema documented for its status (a JSON body; text is text). */
export function bodyMatchesSchema({ ajv, documented, res }: ResponseContext): Problem[] {
  const schema = documented?.response.content?.['application/json']?.schema;
  if (!documented || !schema) return [];
  if (documentsOtherType(documented, res.headers['content-type'] ?? '')) return [];
  const validate = ajv.compile(schema);
  if (validate(res.body)) return [];
  return [{ where: 'body', expected: `the ${documented.key} schema`, actual: describeErrors(validate) }];
}

/** A status documented without content (304) comes without a body. */
export function noBodyWhereNoneDocumented({ documented, res }: ResponseContext): Problem[] {
  if (!documented || Object.keys(documented.response.content ?? {}).length > 0) return [];
  if (res.bytes.length === 0) return [];
  return [{ where: 'body', expected: `no body for ${documented.key}`, actual: `${res.bytes.length} bytes` }];
}

function documentedHeaders({ doc, documented }: ResponseContext): [string, Header][] {
  return Object.entries(documented?.response.headers ?? {}).map(([name, raw]) => [name, resolve(doc, raw)]);
}

/** Every header the spec marks required for the status is sent. */
export function requiredHeadersPresent(ctx: ResponseContext): Problem[] {
  return documentedHeaders(ctx)
    .filter(([name, header]) => header.required && ctx.res.headers[name.toLowerCase()] === undefined)
    .map(([name]) => ({ where: `header ${name}`, expected: 'present (required)', actual: 'absent' }));
}

/** Every documented header that is sent validates against its schema (numbers read as numbers). */
export function headersMatchSchema(ctx: ResponseContext): Problem[] {
  const problems: Problem[] = [];
  for (const [name, header] of documentedHeaders(ctx)) {
    const value = ctx.res.headers[name.toLowerCase()];
    if (value === undefined || !header.schema) continue;
    const schema = resolve<Schema>(ctx.doc, header.schema);
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const validate = ctx.ajv.compile(header.schema);
    if (!validate(typed))
      problems.push({ where: `header ${name}`, expected: describeErrors(validate), actual: value });
  }
  return problems;
}

/** The rules a response is checked against, in the order their problems are reported. */
export const RESPONSE_CHECKS: readonly ResponseCheck[] = [
  statusIsDocumented,
  contentTypeIsJson,
  bodyMatchesSchema,
  noBodyWhereNoneDocumented,
  requiredHeadersPresent,
  headersMatchSchema,
];

/** Whether the status documents the answer's media type other than JSON (`text/plain`: a node's own words). */
export function documentsOtherType(documented: DocumentedResponse, contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type !== '' && type !== 'application/json' && documented.response.content?.[type] !== undefined;
}
