import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** A constant's value as of `tip`. */
export const get_constant_val: OperationHandler<'get_constant_val'> = {
  defaulted: [],
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (engine, height) => {
      const data = engine.constant(contractIdOf(path), path.constant_name, height);
      return data === undefined ? nodeNotFound('Constant not found') : ok({ data });
    }),
};
