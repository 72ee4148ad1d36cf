import { fillPath } from '../load.ts';
import type { ParameterMutation, RequestMutation } from './mutation.ts';
import { withQuery, withRawPair, withValue } from './request-parts.ts';

export const missingRequired: ParameterMutation = {
  name: 'missing-required',
  produces: 'the request without a required query parameter',
  scope: 'parameter',
  appliesTo: ['query'],
  rule: 'required',
  outcome: 'bad-request',
  apply: ({ valid, param }) =>
    param.in === 'query' && param.required
      ? [
          {
            request: withQuery(valid, param.name, []),
            label: `${param.name} missing (required)`,
            because: `query parameter ${param.name} is required`,
          },
        ]
      : [],
};

export const conflictingParameters: RequestMutation = {
  name: 'conflicting-parameters',
  produces: 'each combination of parameters that x-parameter-conflicts forbids, with valid values',
  scope: 'request',
  rule: 'conflict',
  outcome: 'bad-request',
  apply: ({ op, valid, examples }) =>
    op.conflicts.map((conflict) => {
      let request = valid;
      for (const name of conflict.parameters) {
        const forced = conflict.when?.[name];
        const value = forced !== undefined ? String(forced) : examples[name]?.[0];
        if (value === undefined)
          throw new Error(`${op.operationId}: no valid example for ${name} to build the conflict case`);
        request = withValue(request, 'query', name, value);
      }
      return {
        request,
        label: `${conflict.parameters.join(' with ')} (x-parameter-conflicts)`,
        because: `x-parameter-conflicts: ${conflict.message}`,
      };
    }),
};

/** Values a scalar query parameter may take when no example is given: whichever the spec accepts. */
const PLAIN_SCALARS = ['0', '1', 'true', 'false'];

export const repeatedParameter: ParameterMutation = {
  name: 'repeated-parameter',
  produces: 'a scalar query parameter given twice, each value valid on its own',
  scope: 'parameter',
  appliesTo: ['query'],
  rule: 'query-syntax',
  outcome: 'bad-request',
  apply: ({ valid, param, examples, accepts }) => {
    if (param.in !== 'query' || param['x-comma-separated']) return [];
    const own = examples[param.name] ?? [];
    const [a, b = a] = own.length ? own : PLAIN_SCALARS.filter((v) => accepts(param, v));
    if (a === undefined || b === undefined || !accepts(param, a) || !accepts(param, b)) return [];
    return [
      {
        request: withQuery(valid, param.name, [
          [param.name, a],
          [param.name, b],
        ]),
        label: `${param.name} repeated`,
        because: `query parameter ${param.name} is one value, not a list`,
      },
    ];
  },
};

export const emptyValue: ParameterMutation = {
  name: 'empty-value',
  produces: 'a query parameter with an empty value (`name=`) or bare (`name`)',
  scope: 'parameter',
  appliesTo: ['query'],
  rule: 'query-syntax',
  outcome: 'bad-request',
  apply: ({ valid, param, accepts }) =>
    param.in !== 'query' || accepts(param, '')
      ? []
      : [
          {
            request: withQuery(valid, param.name, [[param.name, '']]),
            label: `${param.name}= (empty)`,
            because: `query parameter ${param.name}: an empty value`,
          },
          {
            request: withQuery(valid, param.name, [[param.name, null]]),
            label: `${param.name} (bare, without =)`,
            because: `query parameter ${param.name}: no value`,
          },
        ],
};

/** Escapes no decoder reads: a lone `%`, a non-hex pair, a cut-off or a surrogate UTF-8 sequence. */
const MALFORMED_ESCAPES = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', 'SP%'];

export const malformedEscape: ParameterMutation = {
  name: 'malformed-escape',
  produces: 'a path segment that is not valid percent-encoding',
  scope: 'parameter',
  appliesTo: ['path'],
  rule: 'url-syntax',
  outcome: 'bad-request',
  apply: ({ op, valid, param }) =>
    param.in !== 'path'
      ? []
      : MALFORMED_ESCAPES.map((segment) => ({
          request: {
            ...valid,
            rawUrl: fillPath(op.path, (name) =>
              name === param.name ? segment : encodeURIComponent(valid.path[name] ?? ''),
            ),
          },
          label: `${param.name}=${segment} (malformed escape)`,
          because: `path parameter ${param.name}: ${segment} is not percent-encoding`,
        })),
};

/** Bytes outside ASCII, sent unencoded: HTTP's request line has no room for them. */
const RAW_BYTES = ['é', 'ÿ', '\u0080', '§'];

export const rawByte: RequestMutation = {
  name: 'raw-byte',
  produces: 'an unencoded byte outside ASCII in the query string',
  scope: 'request',
  rule: 'url-syntax',
  outcome: 'bad-request',
  apply: ({ op, valid }) =>
    RAW_BYTES.map((ch) => ({
      request: withRawPair(op, valid, `x=${ch}`),
      label: `raw byte ${JSON.stringify(ch)} in the URL`,
      because: 'a request line is ASCII',
    })),
};

/** A value HTTP can carry in a header: visible ASCII, inner spaces only. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export const unknownApiKey: RequestMutation = {
  name: 'unknown-api-key',
  produces: "one of the caller's strings as X-API-Key, which a server with keys configured does not know",
  scope: 'request',
  rule: 'api-key',
  outcome: 'forbidden',
  material: 'api-keys',
  apply: ({ valid, material }) =>
    material
      .filter((key) => HEADER_VALUE.test(key))
      .map((key) => ({
        request: { ...valid, headers: { ...valid.headers, 'X-API-Key': key } },
        label: `unknown API key (${key.length} characters)`,
        because: 'an API key the server does not know',
      })),
};

export const enormousQuery: RequestMutation = {
  name: 'enormous-query',
  produces: "the query string padded with the caller's padding, past the server's URL limit",
  scope: 'request',
  rule: 'url-length',
  outcome: 'uri-too-long',
  material: 'padding',
  apply: ({ op, valid, material }) =>
    material.map((pad) => ({
      request: withRawPair(op, valid, `pad=${pad}`),
      label: `enormous query string (${pad.length} characters of padding)`,
      because: 'a URL longer than the server reads',
    })),
};
