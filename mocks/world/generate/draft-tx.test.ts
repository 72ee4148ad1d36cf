import { describe, expect, it } from 'vitest';
import { Action } from '../tables/kinds.ts';
import { resolveOptions } from '../options.ts';
import { ChainBuilder } from './build-chain.ts';
import { draftUserTx } from './draft-tx.ts';
import { DRAFTERS } from './drafters.ts';

const SYSTEM: readonly Action[] = [Action.Coinbase, Action.TenureChange, Action.Genesis];
/** What only a user's broadcast makes (the Clarity engine decides what it does): never drafted. */
const BROADCAST_ONLY: readonly Action[] = [Action.ClarityCall];

describe('the table of drafters', () => {
  const builder = new ChainBuilder(resolveOptions({ seed: 3, blocks: 80 }));
  builder.build();
  const ctx = builder.draftContext;

  it('has one drafter for every kind a user sends, and none for the chain’s own nor a broadcast’s', () => {
    const users = Object.values(Action).filter((a) => !SYSTEM.includes(a) && !BROADCAST_ONLY.includes(a));
    expect(Object.keys(DRAFTERS).map(Number).sort()).toEqual(users.sort());
    for (const action of SYSTEM)
      expect(() => draftUserTx(ctx, { action })).toThrow(`not a user action: ${action}`);
  });

  it.each(Object.keys(DRAFTERS).map(Number) as Action[])(
    'drafts action %i: an intent of that kind whose payer can pay its fee',
    (action) => {
      let drafted = 0;
      for (let i = 0; i < 40 && drafted < 3; i++) {
        const tx = draftUserTx(ctx, { action });
        if (!tx) continue;
        drafted++;
        expect(tx.action).toBe(action);
        const payer = tx.sponsor >= 0 ? tx.sponsor : tx.sender;
        expect(ctx.ledger.spendable(payer, ctx.burnHeight)).toBeGreaterThanOrEqual(tx.fee);
      }
      expect(drafted).toBeGreaterThan(0);
    },
  );
});
