import { serializeFeeEstimate } from '../serialize/fees.ts';
import { ok, type OperationHandler } from './types.ts';

/** The request body as the spec's schema let it through. */
interface FeeRequest {
  transaction_payload: string;
  estimated_len?: number;
}

/** The node's estimate for `{transaction_payload, estimated_len}`: without a length, the payload's. */
export const post_fee_transaction: OperationHandler<'post_fee_transaction'> = {
  defaulted: [],
  answer: ({ queries, body }) => {
    const request = body as FeeRequest;
    const length = request.estimated_len ?? request.transaction_payload.replace(/^0x/, '').length / 2;
    return ok(serializeFeeEstimate(queries.chain, queries.mempoolSamples(), length));
  },
};
