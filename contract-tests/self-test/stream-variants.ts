import type { Variant } from './variant-server.ts';

/** The live-update checks (contract-tests/live/live-updates.contract.test.ts) by name. */
const LIVE = 'live updates > JSON-RPC /extended/v1/ws > ';

/** Broken live streams: a mock of its own mining a block a second, one of whose messages is broken. */
export const STREAM_VARIANTS: Variant[] = [
  {
    name: 'stream-block-broken',
    breaks:
      'the block message lacks the required `hash` and says a burn_block_height one above what /extended/v2/blocks/{height} answers',
    caughtBy: [new RegExp(`^${LIVE}the channel opens`), new RegExp(`^${LIVE}block: `)],
    failureMentions: /block\.burn_block_height[\s\S]*|hash/,
    blockTime: 1,
    announcement: (a) => {
      if (a.kind !== 'block') return;
      const block: Partial<typeof a.block> = a.block;
      delete block.hash;
      a.block.burn_block_height += 1;
    },
  },
];
