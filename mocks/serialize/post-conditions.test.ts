import { describe, expect, it } from 'vitest';
import type { ConfirmedTransaction, PostCondition } from './types.ts';
import { oracleFor } from '../../testing/worlds/test-oracle.ts';
import { SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';

function holds(code: string, moved: bigint, stated: bigint): boolean {
  switch (code) {
    case 'sent_equal_to':
      return moved === stated;
    case 'sent_greater_than':
      return moved > stated;
    case 'sent_greater_than_or_equal_to':
      return moved >= stated;
    case 'sent_less_than':
      return moved < stated;
    case 'sent_less_than_or_equal_to':
      return moved <= stated;
    default:
      throw new Error(`not a fungible code: ${code}`);
  }
}

function owner(tx: ConfirmedTransaction, pc: PostCondition): string {
  const p = pc.principal;
  return p.type_id === 'principal_origin'
    ? tx.sender_address
    : p.type_id === 'principal_standard'
      ? p.address
      : `${p.address}.${p.contract_name}`;
}

/** What the transaction moved out of the condition's principal, per its events. */
function moved(tx: ConfirmedTransaction, pc: PostCondition): bigint {
  const who = owner(tx, pc);
  let total = 0n;
  for (const e of tx.events) {
    if (pc.type === 'stx' && e.event_type === 'stx_asset' && e.asset.sender === who)
      total += BigInt(e.asset.amount);
    if ('asset' in pc && 'asset' in e && 'asset_id' in e.asset && e.asset.sender === who) {
      const asset = `${pc.asset.contract_address}.${pc.asset.contract_name}::${pc.asset.asset_name}`;
      if (e.asset.asset_id === asset)
        total += e.event_type === 'fungible_token_asset' ? BigInt(e.asset.amount) : 1n;
    }
  }
  return total;
}

describe.each(SEEDS)('post-conditions of world %i', (seed) => {
  const { world, chain } = testWorld(seed);
  const oracle = oracleFor(world, chain);

  it('hold for what successful transactions moved', () => {
    let checked = 0;
    for (const tx of oracle.txs) {
      if (tx.tx_status !== 'success') continue;
      for (const pc of tx.post_conditions) {
        checked++;
        if (pc.type === 'non_fungible') expect(moved(tx, pc) > 0n).toBe(pc.condition_code === 'sent');
        else if (pc.type === 'stx' || pc.type === 'fungible')
          expect(holds(pc.condition_code, moved(tx, pc), BigInt(pc.amount))).toBe(true);
        else throw new Error(`the generated world has no ${pc.type} post-condition`);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('fail on transactions aborted by a post-condition', () => {
    for (const tx of oracle.txs) {
      if (tx.tx_status !== 'abort_by_post_condition' || tx.tx_type !== 'contract_call') continue;
      const [first] = tx.post_conditions;
      expect(first).toBeDefined();
      const intended = BigInt(tx.contract_call.function_args![0]!.repr.slice(1));
      if (first!.type === 'non_fungible') expect(first!.condition_code).toBe('not_sent');
      else if (first!.type === 'stx' || first!.type === 'fungible')
        expect(holds(first!.condition_code, intended, BigInt(first!.amount))).toBe(false);
      else throw new Error(`the generated world has no ${first!.type} post-condition`);
    }
  });

  it('use every condition code and principal type', () => {
    const codes = new Set<string>();
    const principals = new Set<string>();
    const types = new Set<string>();
    for (const tx of oracle.txs) {
      for (const pc of tx.post_conditions) {
        codes.add(pc.condition_code);
        principals.add(pc.principal.type_id);
        types.add(pc.type);
      }
    }
    expect(codes.size).toBe(7);
    expect([...principals].sort()).toEqual(['principal_contract', 'principal_origin', 'principal_standard']);
    expect([...types].sort()).toEqual(['fungible', 'non_fungible', 'stx']);
  });
});
