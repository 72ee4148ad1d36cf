import type { ContractKind } from './kinds.ts';

export interface Contract {
  readonly index: number;
  readonly principal: number;
  readonly deployer: number;
  readonly name: string;
  /** `<deployer address>.<name>` */
  readonly id: string;
  readonly kind: ContractKind;
  /** The asset's name inside the contract (FT and NFT contracts), else ''. */
  readonly token: string;
  /** `<contract id>::<token>` for FT and NFT contracts, else ''. */
  readonly assetId: string;
  /** For a vault, the FT contract whose tokens it swaps; else -1. */
  readonly pair: number;
  readonly clarityVersion: number | null;
  /** Deployed by a mempool transaction, so not on chain yet. */
  readonly pending: boolean;
  /** An FT's `get-decimals`, when a world file gives it; else `FT_DECIMALS` (see `decimalsOf`). */
  readonly decimals?: number;
}

/** Every FT contract mints this much to its deployer when deployed. */
export const FT_INITIAL_SUPPLY = 1_000_000_000_000;

/** What a fungible token contract answers to `get-decimals`, unless a world file gives its own. */
export const FT_DECIMALS = 6;

/** The decimals of a fungible token contract: its `get-decimals`. */
export function decimalsOf(contract: Contract): number {
  return contract.decimals ?? FT_DECIMALS;
}

/** Lowercase words joined by '-', cut to what a Clarity contract name allows. */
export function contractNameFrom(words: readonly string[]): string {
  const cleaned = words.map((w) => w.toLowerCase().replace(/[^a-z0-9]+/g, '')).filter((w) => w.length > 0);
  let name = cleaned.join('-').slice(0, 40).replace(/-+$/, '');
  if (!/^[a-z]/.test(name)) name = `c${name}`;
  return name;
}
