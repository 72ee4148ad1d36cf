import type { DeclaredWorld } from '../declared/plan.ts';
import type { Chain } from '../tables/chain.ts';

const NONE: ReadonlyMap<string, string> = new Map();
const byWorld = new WeakMap<DeclaredWorld, ReadonlyMap<string, string>>();

/**
 * The private keys the world holds, by the address each signs for: a world file's test keys
 * (`test_key: true`). Every other account's key is its owner's, so its transactions go unsigned.
 */
export function heldKeys(chain: Chain): ReadonlyMap<string, string> {
  const declared = chain.options.declared;
  if (!declared) return NONE;
  let keys = byWorld.get(declared);
  if (!keys) {
    keys = new Map(declared.accounts.flatMap((a) => (a.testKey ? [[a.address, a.testKey] as const] : [])));
    byWorld.set(declared, keys);
  }
  return keys;
}
