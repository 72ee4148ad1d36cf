import fc from 'fast-check';

/** Names that reach into Object.prototype when a server indexes a plain object with user input. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'prototype',
  'toString',
  'valueOf',
  '__defineGetter__',
  'isPrototypeOf',
];

/** Strings that break naive parsers: NUL, slashes and dot segments, escapes, type confusions, bounds. */
const TRICKY = [
  '\u0000',
  'SP\u0000',
  '/',
  '../..',
  '\\',
  '%',
  '%00',
  '%2F',
  '\r\nX-Injected: 1',
  'null',
  'undefined',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '1.5',
  '1e400',
  '99999999999999999999999',
  '0x',
  '12abc',
  'yes',
  '1',
  'TRUE',
  '',
];

const nonAscii = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((s) => /[^\x00-\x7f]/.test(s));

/** Long, yet short enough that a URL carrying several stays under the URL limit (`é` is 6 characters encoded). */
const overlong = fc
  .tuple(fc.integer({ min: 200, max: 1_200 }), fc.constantFrom('A', '2', 'a', 'é'))
  .map(([n, c]) => c.repeat(c === 'é' ? Math.ceil(n / 6) : n))
  .chain((s) => fc.constantFrom(s, `SP${s}`, `0x${s}`));

/** Near misses of the shapes this spec uses: one character or one bound away from valid. */
function nearMisses(samples: string[]): fc.Arbitrary<string> {
  const sample = samples.length ? fc.constantFrom(...samples) : fc.constant('SP000000000000000000002Q6VF79');
  return fc.oneof(
    sample.map((s) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`),
    sample.map((s) => s.toLowerCase()),
    sample.map((s) => `${s}.1-not-a-name`),
    sample.map((s) => `${s}.${'a'.repeat(129)}`),
    sample.map((s) => s.slice(0, -1)),
    sample.map((s) => `${s}0`),
    sample.map((s) => s.replace(/^0x/, '')),
    fc.integer({ min: 1, max: 10_000 }).map((n) => String(-n)),
    fc.integer({ min: 51, max: 100_000 }).map(String),
    fc.integer({ min: 0, max: 1_000 }).map((n) => `${n}.5`),
  );
}

/** A hostile value for a parameter; `samples` are valid values of it to make near misses from. */
export function hostileValue(samples: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 2, arbitrary: nonAscii },
    { weight: 1, arbitrary: overlong },
    { weight: 3, arbitrary: nearMisses(samples) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  );
}

/** Unknown query parameter names a server must ignore without touching Object.prototype. */
export const hostileName = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom(
    'constructor[prototype][polluted]',
    '__proto__[polluted]',
    '__proto__.polluted',
    'limit[]',
    'limit[__proto__]',
    'a[b][c]',
    '',
    '\u0000',
    '%',
    'ü',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
