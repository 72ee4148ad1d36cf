import { describe, expect, it } from 'vitest';
import { nestsTooDeep } from './top-level-forms.ts';

/** `n` lists nested, the outermost a top-level form. */
function lists(n: number): string {
  return `${'(begin '.repeat(n)}u1${')'.repeat(n)}`;
}

/** A top-level form holding `lists` more lists, then `tuples` tuples inside them. */
function mixed(outer: number, tuples: number): string {
  return `${'(begin '.repeat(outer)}${'{a: '.repeat(tuples)}u1${'}'.repeat(tuples)}${')'.repeat(outer)}`;
}

describe('nestsTooDeep: the node’s static check of a deployment’s depth (epoch 3.3)', () => {
  it('refuses a list at level 69 (VaryStackDepthChecker: 64 + 5), takes 68', () => {
    expect(nestsTooDeep(lists(68))).toBe(false);
    // The mock took 69 and mined it as an analysis failure, where the node never stores it.
    expect(nestsTooDeep(lists(69))).toBe(true);
  });

  it('counts a tuple two for the parser (past 70) and one for the AST’s check (level 69)', () => {
    // 1 list and 34 tuples: the parser's 69, level 35.
    expect(nestsTooDeep(mixed(1, 34))).toBe(false);
    // 1 list and 35 tuples: the parser's 71.
    expect(nestsTooDeep(mixed(1, 35))).toBe(true);
    // 66 lists and 2 tuples: the parser's 70 (not past it), level 68: the node takes it, where the
    // mock refused it before.
    expect(nestsTooDeep(mixed(66, 2))).toBe(false);
    // 68 lists and 1 tuple: the parser's 70, but level 69.
    expect(nestsTooDeep(mixed(68, 1))).toBe(true);
    // 67 lists and 2 tuples: the parser's 71.
    expect(nestsTooDeep(mixed(67, 2))).toBe(true);
  });

  it('leaves out brackets in strings and comments, and counts depth, not length', () => {
    expect(nestsTooDeep(`(define-constant s "${'('.repeat(100)}") ;; ${'('.repeat(100)}`)).toBe(false);
    expect(nestsTooDeep(Array.from({ length: 200 }, () => lists(60)).join('\n'))).toBe(false);
  });
});
