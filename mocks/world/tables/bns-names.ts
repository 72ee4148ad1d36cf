/** One namespace's rules, as `namespace-reveal` sets them. */
export interface NamespaceRules {
  readonly namespace: string;
  /** Names' lifetime in blocks; 0: they never expire. */
  readonly lifetime: number;
}

/**
 * The namespaces the world launches through the BNS contract, with their names' lifetime in
 * blocks: what the real service adds to a registration's height for its `expire_block` (0 for
 * `btc`, whose names do not expire; the real service still writes the registration height).
 */
export const NAMESPACES: readonly NamespaceRules[] = [
  { namespace: 'btc', lifetime: 0 },
  { namespace: 'id', lifetime: 52595 },
];

/** The launch: each namespace preordered, revealed, then made ready, one step a block. */
export const LAUNCH = { preorder: 2, reveal: 3, ready: 4 } as const;

/** The lowest height a name is registered at: its preorder a block before, in a later tenure than the launch. */
export const FIRST_NAME_HEIGHT = 7;
