import { ClarityType, deserializeCV, type ClarityValue } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../world/generate/build-chain.ts';
import { resolveOptions } from '../world/options.ts';
import { lockUnlockHeight } from '../world/derive/events.ts';
import { Action } from '../world/tables/kinds.ts';
import { logValueOf } from './events.ts';

describe("a stack-stx transaction's log", () => {
  it("is pox-4's synthetic print event: (ok {name, stacker, balance, locked, burnchain-unlock-height, data})", () => {
    const chain = buildChain(resolveOptions({ blocks: 120 }));
    let checked = 0;
    for (let tx = 0; tx < chain.txs.count; tx++) {
      if (chain.txs.action[tx] !== Action.StackStx) continue;
      const cv = deserializeCV(logValueOf(chain, tx).hex);
      expect(cv.type).toBe(ClarityType.ResponseOk);
      const fields = (cv as { value: { value: Record<string, ClarityValue> } }).value.value;
      expect(Object.keys(fields).sort()).toEqual([
        'balance',
        'burnchain-unlock-height',
        'data',
        'locked',
        'name',
        'stacker',
      ]);
      expect(fields.name).toEqual({ type: ClarityType.StringASCII, value: 'stack-stx' });
      expect(fields.stacker).toMatchObject({ value: chain.principals.name(chain.txs.sender[tx] as number) });
      const data = (fields.data as { value: Record<string, { value: unknown }> }).value;
      expect(data['lock-amount']?.value).toBe(BigInt(chain.txs.amount.at(tx)));
      expect(data['lock-period']?.value).toBe(BigInt(chain.txs.aux.at(tx)));
      expect(data['unlock-burn-height']?.value).toBe(BigInt(lockUnlockHeight(chain, tx)));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
