import { ok, type OperationHandler } from './types.ts';

/** The real service's constants: Bitcoin's ten minutes on mainnet, its regtest's two on testnet. */
export const get_network_block_times: OperationHandler<'get_network_block_times'> = {
  defaulted: [],
  answer: () => ok({ testnet: { target_block_time: 120 }, mainnet: { target_block_time: 600 } }),
};
