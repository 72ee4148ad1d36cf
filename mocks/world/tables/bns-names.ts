/**
 * The world's BNS names: each registered by one of its owner's mined transactions. A name is
 * keyed by that transaction's id, so the living chain decides whether it exists: a reorg that
 * takes the transaction back to the mempool takes the name with it until a block mines it again,
 * at its new height, and a reset builds the same names again from the seed.
 */
export interface BnsRegistration {
  /** The fully qualified name, `<name>.<namespace>`. */
  readonly name: string;
  readonly namespace: string;
  /** The registering transaction's id (0x-hex); its sender owns the name. */
  readonly txId: string;
  /** The name's zone file, as its owner published it. */
  readonly zonefile: string;
}

/**
 * The namespaces the world registers names in, with their lifetime in blocks: what the real
 * service adds to a registration's height for its `expire_block` (0 for `btc`, whose names do not
 * expire; the real service still writes the registration height).
 */
export const NAMESPACE_LIFETIMES: Readonly<Record<string, number>> = { btc: 0, id: 52595 };
