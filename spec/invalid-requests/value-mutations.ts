import { resolve, type Document, type Parameter, type Schema } from '../load.ts';
import type { MutatedRequest, MutationInput, ParameterMutation } from './mutation.ts';
import { withValue } from './request-parts.ts';

/** A value to put in place of a valid one, and what is wrong with it. */
interface Candidate {
  value: string;
  reason: string;
  /** The reason is true of this value (a shorter principal may still match the pattern, say). */
  holds?: (value: string) => boolean;
}

type Candidates = (leaf: Schema, input: MutationInput & { param: Parameter }) => Candidate[];

const C32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function shown(value: string): string {
  return value.length > 24 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}

/** The schemas a raw value of the parameter is checked against: each branch of a union, an array's items. */
function leaves(doc: Document, raw: unknown): Schema[] {
  const schema = resolve<Schema>(doc, raw as Schema);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return branches.flatMap((b) => leaves(doc, b));
  if (schema.type === 'array' && schema.items) return leaves(doc, schema.items);
  return [schema];
}

/** The valid request with the parameter's value replaced by each candidate whose reason holds and the spec refuses. */
function replaced(input: MutationInput & { param: Parameter }, candidates: Candidate[]): MutatedRequest[] {
  const { param } = input;
  const where = param.in === 'path' ? 'path' : 'query';
  return (
    candidates
      // An emptied path segment is another route, not a bad value: `empty-path-segment` says so.
      .filter((c) => !(param.in === 'path' && c.value === ''))
      .filter((c) => (!c.holds || c.holds(c.value)) && !input.accepts(param, c.value))
      .map(({ value, reason }) => ({
        request: withValue(input.valid, where, param.name, value),
        label: `${param.name}=${shown(value)} (${reason})`,
        because: `${param.in} parameter ${param.name}: ${reason}`,
        value,
      }))
  );
}

/** A mutation of the spec's parameter schemas: candidates drawn from each schema the value is checked against. */
function schemaMutation(
  about: { name: string; produces: string },
  candidates: Candidates,
): ParameterMutation {
  return {
    ...about,
    scope: 'parameter',
    appliesTo: ['path', 'query'],
    rule: 'parameter-schema',
    outcome: 'bad-request',
    apply: (input) =>
      replaced(
        input,
        leaves(input.doc, input.param.schema).flatMap((leaf) => candidates(leaf, input)),
      ),
  };
}

function examplesOf(input: MutationInput & { param: Parameter }): string[] {
  return input.examples[input.param.name] ?? [];
}

function patternOf(leaf: Schema): RegExp | undefined {
  return leaf.type === 'string' && leaf.pattern ? new RegExp(leaf.pattern) : undefined;
}

export const belowMinimum = schemaMutation(
  { name: 'below-minimum', produces: "a number one below the schema's minimum" },
  (leaf) =>
    (leaf.type === 'integer' || leaf.type === 'number') && typeof leaf.minimum === 'number'
      ? [{ value: String(leaf.minimum - 1), reason: `below the minimum ${leaf.minimum}` }]
      : [],
);

export const aboveMaximum = schemaMutation(
  { name: 'above-maximum', produces: "a number one above the schema's maximum" },
  (leaf) =>
    (leaf.type === 'integer' || leaf.type === 'number') && typeof leaf.maximum === 'number'
      ? [{ value: String(leaf.maximum + 1), reason: `above the maximum ${leaf.maximum}` }]
      : [],
);

export const notANumber = schemaMutation(
  { name: 'not-a-number', produces: 'letters where the schema wants an integer or a number' },
  (leaf) =>
    leaf.type === 'integer' || leaf.type === 'number'
      ? [{ value: 'abc', reason: `not an ${leaf.type}` }]
      : [],
);

export const notABoolean = schemaMutation(
  { name: 'not-a-boolean', produces: 'yes where the schema wants true or false' },
  (leaf) => (leaf.type === 'boolean' ? [{ value: 'yes', reason: 'not true or false' }] : []),
);

export const notInEnum = schemaMutation(
  { name: 'not-in-enum', produces: "a word outside the schema's enum" },
  (leaf, { param }) =>
    leaf.enum ? [{ value: `not-${param.name}`, reason: `not one of ${leaf.enum.join(', ')}` }] : [],
);

export const patternMismatch = schemaMutation(
  { name: 'pattern-mismatch', produces: "a word that does not match the schema's pattern" },
  (leaf, { param }) => {
    const pattern = patternOf(leaf);
    if (!pattern) return [];
    return [
      {
        value: `not-${param.name}`,
        reason: `does not match the pattern ${leaf.pattern}`,
        holds: (v) => !pattern.test(v),
      },
    ];
  },
);

export const oneCharacterShort = schemaMutation(
  { name: 'one-character-short', produces: 'a valid example with its last character cut off' },
  (leaf, input) => {
    const pattern = patternOf(leaf);
    if (!pattern) return [];
    return examplesOf(input).map((example) => ({
      value: example.slice(0, -1),
      reason: `one character short of the pattern ${leaf.pattern}`,
      holds: (v: string) => !pattern.test(v),
    }));
  },
);

export const no0xPrefix = schemaMutation(
  { name: 'no-0x-prefix', produces: 'a valid example without the 0x prefix its pattern requires' },
  (leaf, input) => {
    const pattern = patternOf(leaf);
    if (!pattern || !leaf.pattern?.startsWith('^0x')) return [];
    return examplesOf(input)
      .filter((example) => example.startsWith('0x'))
      .map((example) => ({
        value: example.slice(2),
        reason: `no 0x prefix, which the pattern ${leaf.pattern} requires`,
        holds: (v: string) => !pattern.test(v),
      }));
  },
);

/** The same address with its last character changed so the c32check checksum no longer holds. */
function breakChecksum(principal: string): string[] {
  const dot = principal.indexOf('.');
  const address = dot === -1 ? principal : principal.slice(0, dot);
  const rest = dot === -1 ? '' : principal.slice(dot);
  const last = address.slice(-1);
  return [...C32]
    .filter((c) => c !== last)
    .slice(0, 4)
    .map((c) => `${address.slice(0, -1)}${c}${rest}`);
}

export const badChecksum = schemaMutation(
  {
    name: 'bad-checksum',
    produces: 'a valid principal with its c32check checksum broken, still of the right shape',
  },
  (leaf, input) => {
    const pattern = patternOf(leaf);
    if (!pattern || leaf.format !== 'stacks-principal') return [];
    const reason = 'bad c32check checksum (format stacks-principal)';
    return examplesOf(input).flatMap((example) =>
      breakChecksum(example).map((value) => ({ value, reason, holds: (v: string) => pattern.test(v) })),
    );
  },
);

/** Made-up strings (NUL, slashes, prototype names, overlong, non-ASCII, near misses) the spec refuses. */
export const hostileValue: ParameterMutation = {
  name: 'hostile-value',
  produces: "one of the caller's hostile strings in place of a valid value, where the spec refuses it",
  scope: 'parameter',
  appliesTo: ['path', 'query'],
  rule: 'parameter-schema',
  outcome: 'bad-request',
  material: 'hostile-values',
  apply: (input) =>
    replaced(
      input,
      input.material.map((value) => ({ value, reason: 'a hostile value' })),
    ),
};

/** An emptied path segment: the path no longer matches the operation's route. */
export const emptyPathSegment: ParameterMutation = {
  name: 'empty-path-segment',
  produces: 'an empty path parameter, so the path is another route',
  scope: 'parameter',
  appliesTo: ['path'],
  rule: 'url-syntax',
  outcome: 'not-found',
  // Emptying the last segment leaves a trailing slash, which the router reads as the shorter path
  // (as Express does): where that is another operation (`balances/ft/{asset_identifier}` and
  // `balances/ft`), the request is that operation's, not a 404.
  apply: ({ doc, op, valid, param }) =>
    Object.keys(doc.paths ?? {}).includes(op.path.replace(new RegExp(`/\\{${param.name}\\}$`), ''))
      ? []
      : [
          {
            request: withValue(valid, 'path', param.name, ''),
            label: `${param.name} empty (another route)`,
            because: `path parameter ${param.name} empty: no route of the spec matches`,
            value: '',
          },
        ],
};
