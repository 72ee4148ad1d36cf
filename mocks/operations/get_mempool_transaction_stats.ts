import { ok, type OperationHandler } from './types.ts';

export const get_mempool_transaction_stats: OperationHandler = ({ world }) => ok(world.mempoolStats());
