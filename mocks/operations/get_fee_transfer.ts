import { serializeTransferFeeRate } from '../serialize/fees.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_fee_transfer: OperationHandler<'get_fee_transfer'> = {
  defaulted: [],
  answer: ({ queries }) => ok(serializeTransferFeeRate(queries.chain, queries.mempoolSamples())),
};
