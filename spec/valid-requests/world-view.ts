/**
 * The facts a valid request needs, as plain values: what a world has to show for every operation
 * to be asked something it answers with 200. The mock fills it from its own world
 * (mocks/world-view.ts), the contract suite from what discovery found on the target
 * (contract-tests/cases/world-view.ts); neither imports the other, both read the declarations in
 * ./declarations.ts. Names follow the world catalogue's (`/_mock/world`). Absent: the world
 * showed none, and the operations that need it have no valid request there.
 */
export interface WorldView {
  /** A standard address with STX activity: histories, balances, nonces, the account. */
  stx_activity?: string;
  /** An address with many transactions, for a full first page. */
  busiest?: string;
  /** An address holding fungible tokens, and one of the assets it holds (`contract.name::asset`). */
  ft_activity?: string;
  ft_asset?: string;
  /** An address holding non-fungible tokens. */
  nft_activity?: string;
  /** An address with STX locked by stacking. */
  locked_stx?: string;
  /** An address and one of its mined transactions that every per-transaction route answers for it (operation 8 too). */
  address_tx?: { address: string; tx_id: string };
  /** Mined transaction ids. */
  tx_ids?: readonly string[];
  /** Ids of transactions pending in the mempool. */
  mempool?: readonly string[];
  /** The height of a block of the canonical chain, and its hash. */
  block_height?: number;
  block_hash?: string;
  /** A signed transaction (hex) the target would admit now: the broadcast's body. */
  signed_tx?: string;
  /** A testnet address the faucet may pay (a testnet world only). */
  testnet_address?: string;
  /** A PoX reward cycle the target lists (one with signers where any has). */
  pox_cycle?: number;
  /** The signing key of a signer of `pox_cycle`. */
  pox_signer?: string;
  /** A Bitcoin address the burn chain paid PoX rewards to (and that held reward slots). */
  reward_recipient?: string;
  /** A minted token of a non-fungible token contract: the contract and the token's id. */
  nft_token?: { contract: string; token_id: number };
  /** The boot contract pox-4's identifier on the target's network: its data vars, maps and constants. */
  pox_contract?: string;
  /** A BNS name the target answers for (`get_name_info`), and the address that owns it. */
  bns_name?: { name: string; owner: string };
  /** A trait some contract of the world defines: the defining contract's identifier and the trait's name. */
  trait?: { contract: string; name: string };
}

/** The facts a declaration needs. */
export type Fact = keyof WorldView;

/** Whether the view holds the fact: present, and not an empty list. */
export function holds(view: WorldView, fact: Fact): boolean {
  const value = view[fact];
  return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}
