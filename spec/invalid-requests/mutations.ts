import type { Mutation } from './mutation.ts';
import {
  conflictingParameters,
  emptyValue,
  enormousQuery,
  malformedEscape,
  missingRequired,
  rawByte,
  repeatedParameter,
  unknownApiKey,
} from './request-mutations.ts';
import {
  aboveMaximum,
  badChecksum,
  belowMinimum,
  emptyPathSegment,
  hostileValue,
  no0xPrefix,
  notABoolean,
  notANumber,
  notInEnum,
  oneCharacterShort,
  patternMismatch,
} from './value-mutations.ts';

/**
 * Every way this project breaks a valid request, each named, with the kinds of parameter it
 * applies to, what it produces and the class of answer it must get. The contract suite sends
 * the ones of the spec's own rules (`SPEC_RULES`) that need no made-up material; the fuzzer
 * draws from all of them. The order is the order the suite lists its cases in.
 */
export const MUTATIONS: readonly Mutation[] = [
  belowMinimum,
  aboveMaximum,
  notANumber,
  notABoolean,
  notInEnum,
  patternMismatch,
  oneCharacterShort,
  no0xPrefix,
  badChecksum,
  missingRequired,
  conflictingParameters,
  hostileValue,
  emptyPathSegment,
  repeatedParameter,
  emptyValue,
  malformedEscape,
  rawByte,
  unknownApiKey,
  enormousQuery,
];

/** The rules the spec itself states, which every target must honour. */
export const SPEC_RULES: ReadonlySet<Mutation['rule']> = new Set([
  'parameter-schema',
  'required',
  'conflict',
]);
