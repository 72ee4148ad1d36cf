import { ok, type OperationHandler } from './types.ts';

export const get_mempool_transaction_stats: OperationHandler<'get_mempool_transaction_stats'> = {
  defaulted: [],
  answer: ({ world }) => ok(world.mempoolStats()),
};
