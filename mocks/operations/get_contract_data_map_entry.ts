import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, withEngine } from './node-reads.ts';
import { clarityHexOrRefusal } from './clarity-args.ts';

/** A serialized `none`: what the node reads from a map slot nothing was written to. */
const NONE = '0x09';

/**
 * A map's entry under the body's key, as of `tip`: `(some value)`, or `none` when the map holds
 * no such key (or there is no such map or contract: the node reads an empty slot). A key that is
 * not a serialized Clarity value is the node's 400 text.
 */
export const get_contract_data_map_entry: OperationHandler<'get_contract_data_map_entry', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: ({ queries, path, query, body }) =>
    withEngine(queries, query.tip, (reads, { at }) => {
      const key = clarityHexOrRefusal<'get_contract_data_map_entry'>(
        body as string,
        'Failed to deserialize key value',
      );
      if (typeof key !== 'string') return key;
      return ok({ data: reads.mapEntry(contractIdOf(path), path.map_name, key, at) ?? NONE });
    }),
};
