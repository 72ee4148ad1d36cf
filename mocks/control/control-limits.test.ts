import { describe, expect, it } from 'vitest';
import { controlSpec } from './control-spec.ts';
import { LiveChain } from './live-chain.ts';
import { resolveOptions } from '../world/options.ts';

type Limited = { properties: Record<string, { maximum?: number; maxLength?: number }> };

/** The control spec, with its limits changed where the test says. */
function specWith(change: (schemas: Record<string, Limited>) => void) {
  const doc = structuredClone(controlSpec());
  change(doc.components?.schemas as Record<string, Limited>);
  return doc;
}

describe("the living chain's limits come from the control spec", () => {
  it('mines at most what MineRequest.blocks allows: change the spec, the limit follows', () => {
    const doc = specWith((s) => {
      expect(
        new LiveChain(resolveOptions({ blocks: 60 }), controlSpec()).checks.limit('MineRequest', 'blocks'),
      ).toBe(s.MineRequest?.properties.blocks?.maximum);
      (s.MineRequest as Limited).properties.blocks = { maximum: 3 };
    });
    const live = new LiveChain(resolveOptions({ blocks: 60 }), doc);
    expect(() => live.mine(4)).toThrow(/blocks must be an integer from 1 to 3, got 4/);
    expect(live.mine(3).height).toBe(63);
  });

  it('reorganizes at most ReorgRequest.depth blocks, and never past the checkpoints kept', () => {
    const doc = specWith((s) => {
      (s.ReorgRequest as Limited).properties.depth = { maximum: 2 };
    });
    const live = new LiveChain(resolveOptions({ blocks: 60 }), doc);
    expect(() => live.reorg(3)).toThrow(
      /depth must be an integer from 1 to 2 \(the blocks kept for reorgs\), got 3/,
    );
    expect(live.reorg(2).height).toBe(61);
  });

  it('takes a memo of at most TokenTransfer.memo bytes', () => {
    const doc = specWith((s) => {
      (s.TokenTransfer as Limited).properties.memo = { maxLength: 4 };
    });
    const live = new LiveChain(resolveOptions({ blocks: 60 }), doc);
    const { stx_activity: sender, vesting: recipient } = live.queries.catalogue().addresses;
    const transfer = { type: 'token_transfer', sender, recipient, amount: '1', fee: '200' } as const;
    // Three characters the schema takes, six bytes the limit refuses.
    expect(() => live.submit({ ...transfer, memo: 'ééé' })).toThrow(
      /memo must be at most 4 bytes in UTF-8, got 6/,
    );
    expect(live.submit({ ...transfer, memo: 'hey' }).tx_id).toMatch(/^0x[0-9a-f]{64}$/);
  });
});
