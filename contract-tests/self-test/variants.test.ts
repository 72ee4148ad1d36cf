import { describe, expect, it } from 'vitest';
import { AGREEMENT_CHECKS } from '../checks/agreement-checks.ts';
import { VARIANTS } from './variants.ts';
import { EXPLORATION } from './variant-kit.ts';

describe('the self-test variants', () => {
  it('have unique names, and the first is the unbroken control', () => {
    expect(new Set(VARIANTS.map((v) => v.name)).size).toBe(VARIANTS.length);
    expect(VARIANTS[0]?.caughtBy).toEqual([]);
  });

  it('catch a breakage of every agreement check in the exploration, by that check', () => {
    const named = (check: string) =>
      VARIANTS.filter(
        (v) =>
          v.caughtBy.some((re) => re.source === EXPLORATION.source) &&
          v.failureMentions?.test(`check ${check}:`) === true,
      ).map((v) => v.name);
    for (const { name } of AGREEMENT_CHECKS) expect(named(name), name).not.toEqual([]);
  });
});
