/** Block 1 of every world: 2024-01-01T00:00:00Z, in unix seconds. */
export const GENESIS_TIME = 1704067200;
