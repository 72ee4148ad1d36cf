import { serializeFeeEstimate } from '../serialize/fees.ts';
import { own, ok, type OperationHandler } from './types.ts';

interface FeeRequest {
  transaction_payload?: unknown;
  estimated_len?: unknown;
}

/**
 * The node's estimate for `{transaction_payload, estimated_len}`: the length, when not given, is
 * the payload's; a body that is not such an object gets the node's text refusal.
 */
export const post_fee_transaction: OperationHandler<'post_fee_transaction'> = {
  defaulted: [],
  answer: ({ queries, body }) => {
    let request: FeeRequest | null;
    try {
      request = JSON.parse(new TextDecoder().decode(body?.bytes ?? new Uint8Array())) as FeeRequest | null;
    } catch {
      return own({ text: 'Failed to decode: Failed to parse JSON body' });
    }
    const payload = request?.transaction_payload;
    const given = request?.estimated_len;
    if (typeof payload !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(payload))
      return own({ text: 'Failed to decode: transaction_payload must be hex' });
    if (given !== undefined && given !== null && !(Number.isInteger(given) && (given as number) >= 0))
      return own({ text: 'Failed to decode: estimated_len must be a whole number' });
    const length = typeof given === 'number' ? given : payload.replace(/^0x/, '').length / 2;
    return ok(serializeFeeEstimate(queries.chain, queries.mempoolSamples(), length));
  },
};
