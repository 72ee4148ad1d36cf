import { Cl, ClarityType, type ClarityValue } from '@stacks/transactions';
import type { TxOutcome } from '../../clarity/engine.ts';
import { clarityTxOf, contractAt, type Chain } from '../tables/chain.ts';
import { ContractKind, EventKind } from '../tables/kinds.ts';

/**
 * Where the engine's prints for row `tx`, a call of the BNS contract the world drew
 * (world/generate/bns-names.ts), differ from the prints the world recorded for it; undefined
 * when they agree, or for any other row. The prints are what the real service reads names and
 * namespaces from, so they must be the contract's own. A `namespace-ready` print's
 * `revealed-at` and `launched-at` are Clarity's `block-height`, the engine's own heights (its
 * chain is not the world's: docs/clarity.md), so they are left out of the comparison.
 */
export function bnsPrintDisagreement(chain: Chain, tx: number, ran: TxOutcome): string | undefined {
  const t = chain.txs;
  if (contractAt(chain, t.contract[tx] as number).kind !== ContractKind.Bns) return undefined;
  const recorded = clarityTxOf(chain, t, tx)?.outcome?.events ?? [];
  const world = recorded.flatMap((e) =>
    e.kind === EventKind.Log && e.value ? [comparable(e.value.hex)] : [],
  );
  const engine = ran.events
    .filter((e) => e.type === 'print_event')
    .map((e) => comparable(String(e.data.raw_value)));
  if (JSON.stringify(world) === JSON.stringify(engine)) return undefined;
  return `the BNS contract printed ${engine.join(', ') || 'nothing'} where the world recorded ${world.join(', ') || 'nothing'}`;
}

/** A print's hex, without the heights of a namespace's properties. */
function comparable(hex: string): string {
  const value = Cl.deserialize(hex.startsWith('0x') ? hex : `0x${hex}`);
  if (value.type !== ClarityType.Tuple) return Cl.serialize(value);
  const properties = value.value.properties;
  if (properties?.type !== ClarityType.Tuple) return Cl.serialize(value);
  const kept: Record<string, ClarityValue> = { ...properties.value };
  delete kept['launched-at'];
  delete kept['revealed-at'];
  return Cl.serialize(Cl.tuple({ ...value.value, properties: Cl.tuple(kept) }));
}
