import { ok, type OperationHandler } from './types.ts';

/**
 * The real service's constants: Bitcoin's ten minutes on mainnet, its regtest's two on testnet;
 * mainnet first, as its response schema orders them.
 */
export const get_network_block_times: OperationHandler<'get_network_block_times'> = {
  defaulted: [],
  answer: () => ok({ mainnet: { target_block_time: 600 }, testnet: { target_block_time: 120 } }),
};
