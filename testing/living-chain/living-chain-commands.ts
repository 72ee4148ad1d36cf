import fc from 'fast-check';
import type { Command } from './chain-steps.ts';
import { Mine, Reorg, Reset, SubmitValid } from './control-steps.ts';
import { ReadOne } from './read-step.ts';
import { INVALID, Refused } from './refused-step.ts';

/** Every step the fuzz draws: mostly reads and small mines, then submits, refusals, reorgs and the odd reset. */
export function chainCommands(): fc.Arbitrary<Command>[] {
  const n = fc.nat({ max: 1_000_000 });
  const mine = fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
        { weight: 1, arbitrary: fc.integer({ min: 4, max: 30 }) },
      ),
      n,
    )
    .map(([b, k]) => new Mine(b, k));
  const reorg = fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) },
        { weight: 1, arbitrary: fc.integer({ min: 7, max: 100 }) },
      ),
      n,
    )
    .map(([d, k]) => new Reorg(d, k));
  const reset = fc.constant(null).map(() => new Reset());
  const submit = fc
    .tuple(
      fc.constantFrom('stx' as const, 'ft' as const, 'nft' as const),
      n,
      n,
      fc.integer({ min: 0, max: 1000 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([kind, s, r, share, str, all]) => new SubmitValid(kind, s, r, share, str, all));
  const refused = fc.tuple(fc.constantFrom(...INVALID), n).map(([kind, k]) => new Refused(kind, k));
  const read = fc.tuple(fc.nat({ max: 7 }), n).map(([op, k]) => new ReadOne(op, k));
  // fast-check draws each arbitrary alike: the list's repeats are the weights.
  return [mine, mine, reorg, reset, submit, submit, submit, refused, refused, read, read];
}
