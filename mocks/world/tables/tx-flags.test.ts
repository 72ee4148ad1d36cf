import { describe, expect, it } from 'vitest';
import { AnchorMode, PcFlag } from './kinds.ts';
import {
  anchorModeOf,
  declaresConditions,
  declaresPoxCondition,
  declaresStakingCondition,
  nftConditionMaybeSent,
  packTxFlags,
  postConditionModeOf,
} from './tx-flags.ts';
import { blankDraft, TxTable } from './tx-table.ts';

function tableOf(...flags: number[]): TxTable {
  const table = new TxTable(4);
  for (const f of flags) table.push({ ...blankDraft(), flags: f });
  return table;
}

describe('the flags byte', () => {
  it('reads back what was packed, one accessor per bit', () => {
    const t = tableOf(
      packTxFlags(AnchorMode.OffChainOnly, true),
      packTxFlags(AnchorMode.Any, true, PcFlag.Originator | PcFlag.Staking),
      packTxFlags(AnchorMode.OnChainOnly, false, PcFlag.Pox | PcFlag.MaybeSent),
    );
    expect([0, 1, 2].map((r) => anchorModeOf(t, r))).toEqual([2, 3, 1]);
    expect([0, 1, 2].map((r) => postConditionModeOf(t, r))).toEqual(['deny', 'originator', 'allow']);
    expect([0, 1, 2].map((r) => declaresStakingCondition(t, r))).toEqual([false, true, false]);
    expect([0, 1, 2].map((r) => declaresPoxCondition(t, r))).toEqual([false, false, true]);
    expect([0, 1, 2].map((r) => declaresConditions(t, r))).toEqual([false, true, true]);
    expect([0, 1, 2].map((r) => nftConditionMaybeSent(t, r))).toEqual([false, false, true]);
  });
});
