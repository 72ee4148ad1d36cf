import { Cl, type ClarityValue } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import type { TxOutcome } from '../../clarity/engine.ts';
import { buildChain } from '../generate/build-chain.ts';
import { resolveOptions } from '../options.ts';
import { clarityTxOf } from '../tables/chain.ts';
import { EventKind } from '../tables/kinds.ts';
import { bnsPrintDisagreement } from './bns-prints.ts';

// The replay's check of the world's BNS calls: the engine must print what the world recorded
// (world-engine.test.ts runs it on the default world), so a print the world derived wrongly stops
// the replay.
const chain = buildChain(resolveOptions({ blocks: 60 }));

function rowOf(fn: string): number {
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    const payload = clarityTxOf(chain, chain.txs, tx)?.payload;
    if (payload?.kind === 'call' && payload.fn === fn) return tx;
  }
  throw new Error(`no ${fn} in the world`);
}

/** What the engine would answer if it printed `prints` (0x-hex). */
function ran(prints: string[]): TxOutcome {
  return {
    result: '0x0703',
    committed: true,
    events: prints.map((raw_value) => ({ type: 'print_event', data: { raw_value } })),
  };
}

function printsOf(row: number): string[] {
  const events = clarityTxOf(chain, chain.txs, row)?.outcome?.events ?? [];
  return events.flatMap((e) => (e.kind === EventKind.Log && e.value ? [e.value.hex] : []));
}

/** Row `ready`'s namespace-ready print with some of its properties replaced. */
function launched(ready: number, replaced: Record<string, ClarityValue>): string {
  const [print] = printsOf(ready) as [string];
  const value = Cl.deserialize(print);
  if (value.type !== 'tuple' || value.value.properties?.type !== 'tuple')
    throw new Error('not a namespace print');
  return Cl.serialize(
    Cl.tuple({ ...value.value, properties: Cl.tuple({ ...value.value.properties.value, ...replaced }) }),
  );
}

describe('the BNS prints the replay checks', () => {
  it('agree when the engine prints what the world recorded', () => {
    const register = rowOf('name-register');
    expect(printsOf(register)).toHaveLength(1);
    expect(bnsPrintDisagreement(chain, register, ran(printsOf(register)))).toBeUndefined();
    expect(bnsPrintDisagreement(chain, rowOf('name-preorder'), ran([]))).toBeUndefined();
  });

  it('disagree on another attachment, a missing print, or a namespace launched with another lifetime', () => {
    const register = rowOf('name-register');
    expect(bnsPrintDisagreement(chain, register, ran([]))).toMatch(/^the BNS contract printed nothing where/);
    const other = Cl.serialize(Cl.tuple({ attachment: Cl.uint(1) }));
    expect(bnsPrintDisagreement(chain, register, ran([other]))).toBeDefined();
    const ready = rowOf('namespace-ready');
    expect(
      bnsPrintDisagreement(chain, ready, ran([launched(ready, { lifetime: Cl.uint(1) })])),
    ).toBeDefined();
  });

  it('leave out the heights of a namespace-ready print: the engine’s heights are its own', () => {
    const ready = rowOf('namespace-ready');
    const moved = launched(ready, { 'launched-at': Cl.some(Cl.uint(9999)), 'revealed-at': Cl.uint(9998) });
    expect(bnsPrintDisagreement(chain, ready, ran([moved]))).toBeUndefined();
  });
});
