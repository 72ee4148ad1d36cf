import { deserializeCV, serializeCV } from '@stacks/transactions';
import { own, type OperationId, type OperationResult } from './types.ts';

/**
 * A value a client sent as the hex of a serialized Clarity value, as the node reads it
 * (`Value::try_deserialize_hex_untyped`, which reads one value and ignores what follows): the
 * value serialized again, `0x` and lower case; or the node's 400 text when the bytes do not
 * start with a Clarity value.
 */
export function clarityHexOrRefusal<Id extends OperationId>(
  hex: string,
  refusal: string,
): string | OperationResult<Id> {
  try {
    return `0x${serializeCV(deserializeCV(hex.replace(/^0x/, '')))}`;
  } catch {
    return own({ text: refusal });
  }
}
