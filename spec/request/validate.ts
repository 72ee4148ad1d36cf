import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { takesRawBytes, type Document, type Operation, type Parameter, type Schema } from '../document.ts';
import type { SpecAjv } from '../schemas.ts';
import { coerceParameter } from './coerce.ts';

export interface ValidatedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The parsed JSON body, checked against the operation's request body schema; only where it takes one. */
  body?: unknown;
}

type Part = 'path' | 'query' | 'body';
/** The real service names the request parts as Fastify does in its messages. */
const PART_NAME: Record<Part, string> = { path: 'params', query: 'querystring', body: 'body' };

function partSchema(params: Parameter[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** Fastify's wording: `querystring/limit must be <= 50`; a bad checksum as the real v1 routes say it. */
function message(part: Part, errors: ErrorObject[], data: unknown): string {
  const checksum = errors.find((e) => e.keyword === 'format' && e.params.format === 'stacks-principal');
  if (checksum) {
    const name = checksum.instancePath.slice(1);
    return `invalid STX address "${String((data as Record<string, unknown>)[name])}"`;
  }
  const error = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
  if (!error) return `${PART_NAME[part]} is invalid`;
  return `${PART_NAME[part]}${error.instancePath} ${error.message ?? 'is invalid'}`.trim();
}

/** The real service's own message for a value the spec's `x-item-errors` names, if any. */
function itemError(params: Parameter[], values: Record<string, unknown>): string | undefined {
  for (const p of params) {
    const items = values[p.name];
    for (const rule of p['x-item-errors'] ?? []) {
      const pattern = new RegExp(rule.matches);
      if ((Array.isArray(items) ? items : [items]).some((v) => typeof v === 'string' && pattern.test(v)))
        return rule.message;
    }
  }
  return undefined;
}

type Coerce = (param: Parameter, raw: unknown) => unknown;

/**
 * Copies only the declared parameters (unknown ones are ignored, as the real service does),
 * typed as their schemas say.
 */
function collect(
  params: Parameter[],
  source: Record<string, unknown>,
  coerce: Coerce,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    if (!Object.prototype.hasOwnProperty.call(source, p.name)) continue;
    let value = source[p.name];
    if (p['x-comma-separated']) {
      value = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    }
    out[p.name] = coerce(p, value);
  }
  return out;
}

function zeroMeansDefault(params: Parameter[], values: Record<string, unknown>): void {
  for (const p of params) {
    const schema = p.schema as Schema | undefined;
    if (p['x-zero-means-default'] && values[p.name] === 0 && schema && 'default' in schema)
      values[p.name] = schema.default;
  }
}

/** A request that failed validation: the 400 the real service answers with. */
export interface RequestError {
  status: 400;
  message: string;
  code?: string;
}

export type RequestValidator = (
  params: Record<string, unknown>,
  query: Record<string, unknown>,
  /** The parsed JSON body (undefined: none was sent); read only for an operation that takes one. */
  body?: unknown,
) => ValidatedRequest | RequestError;

export function isRequestError(value: ValidatedRequest | RequestError): value is RequestError {
  return 'status' in value;
}

/** A part of a request its parameters refused: a class, so that no parameter's values pass for one. */
export class PartRefusal implements RequestError {
  readonly status = 400;
  constructor(
    readonly message: string,
    readonly code?: string,
  ) {}
}

/** A query (or path) checked against its declared parameters: their typed values, or the 400. */
export type PartValidator = (source: Record<string, unknown>) => Record<string, unknown> | PartRefusal;

/**
 * Compiles, once, the validation of the `part` of a request against its parameters' schemas
 * (strings typed by coerce.ts, defaults filled in; undeclared parameters ignored): the API's
 * operations, and the mock's own routes that declare a query (mocks/http/own-routes.ts), are
 * refused in the same words.
 */
export function partValidator(
  part: 'path' | 'query',
  params: Parameter[],
  doc: Document,
  specAjv: SpecAjv,
): PartValidator {
  const fits = (schema: unknown, value: unknown): boolean => specAjv.compile(schema)(value);
  const coerce: Coerce = (param, raw) => coerceParameter(doc, param.schema, raw, fits);
  const validate = specAjv.compile(partSchema(params)) as ValidateFunction;
  return (source) => {
    const values = collect(params, source, coerce);
    if (!validate(values)) {
      const own = itemError(params, values);
      if (own) return new PartRefusal(own);
      return new PartRefusal(message(part, validate.errors ?? [], values), 'FST_ERR_VALIDATION');
    }
    zeroMeansDefault(params, values);
    return values;
  };
}

/**
 * Compiles, once, the validation of an operation's path and query parameters (`partValidator`),
 * then the spec's `x-parameter-conflicts`, then its request body, whatever the method. Validating
 * gives the typed values or the error; it never answers.
 */
export function requestValidator(op: Operation, doc: Document, specAjv: SpecAjv): RequestValidator {
  const checkPath = partValidator(
    'path',
    op.parameters.filter((p) => p.in === 'path'),
    doc,
    specAjv,
  );
  const checkQuery = partValidator(
    'query',
    op.parameters.filter((p) => p.in === 'query'),
    doc,
    specAjv,
  );
  const takes = op.requestBody;
  const validateBody =
    takes && !takesRawBytes(takes) ? (specAjv.compile(takes.schema) as ValidateFunction) : undefined;
  return (pathSource, querySource, body) => {
    const path = checkPath(pathSource);
    if (path instanceof PartRefusal) return path;
    const query = checkQuery(querySource);
    if (query instanceof PartRefusal) return query;
    const validated: ValidatedRequest = { path, query };
    for (const conflict of op.conflicts) {
      const clash =
        conflict.parameters.every((name) => Object.prototype.hasOwnProperty.call(querySource, name)) &&
        Object.entries(conflict.when ?? {}).every(([name, value]) => validated.query[name] === value);
      if (clash) return { status: 400, message: conflict.message };
    }
    if (takes && validateBody) {
      if (body === undefined) {
        if (takes.required)
          return { status: 400, message: 'body must be object', code: 'FST_ERR_VALIDATION' };
      } else if (!validateBody(body)) {
        return {
          status: 400,
          message: message('body', validateBody.errors ?? [], body),
          code: 'FST_ERR_VALIDATION',
        };
      } else validated.body = body;
    }
    return validated;
  };
}
