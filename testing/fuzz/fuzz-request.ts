import fc from 'fast-check';
import { requestUrl, type RequestParts } from '../../spec/invalid-requests/request-parts.ts';
import { loadSpec, type Operation, type Parameter } from '../../spec/load.ts';
import { createSpecAjv } from '../../spec/schemas.ts';
import { coerceParameter } from '../../spec/request/coerce.ts';

/** One generated request: decoded values, encoded only when the URL is built. */
export interface FuzzRequest extends RequestParts {
  op: Operation;
}

/** fast-check prints a counterexample with this: the request line, not the whole operation object. */
export function printable(r: FuzzRequest): FuzzRequest {
  return Object.assign(r, {
    [fc.toStringMethod](this: FuzzRequest): string {
      return describeRequest(this);
    },
  });
}

export function urlOf(r: FuzzRequest): string {
  return requestUrl(r.op, r);
}

export function describeRequest(r: FuzzRequest): string {
  const url = urlOf(r);
  const headers = Object.keys(r.headers).length ? ` ${JSON.stringify(r.headers)}` : '';
  return `${r.op.operationId} GET ${url.length > 300 ? `${url.slice(0, 300)}… (${url.length} characters)` : url}${headers}`;
}

const doc = loadSpec();
const specAjv = createSpecAjv(doc);
function fits(schema: unknown, value: unknown): boolean {
  return specAjv.compile(schema)(value);
}

/**
 * Would the spec accept this value for this parameter, read as a query string or path segment
 * is read (mocks/http/coerce.ts: only plain digits are integers, only true/false booleans; comma
 * lists split)? The oracle that keeps "invalid" cases invalid: a hostile-looking value the spec
 * accepts (`-0` is an integer >= 0, `007` an offset) is no case for a 4xx.
 */
export function specAccepts(param: Parameter, value: string | string[]): boolean {
  const values = Array.isArray(value) ? value : [value];
  const read = param['x-comma-separated']
    ? values.flatMap((v) => v.split(','))
    : values.length === 1
      ? values[0]
      : values;
  return fits(param.schema ?? {}, coerceParameter(doc, param.schema, read, fits));
}
