import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** A constant's value (a constant is fixed at deployment: any `tip` reads the same). */
export const get_constant_val: OperationHandler<'get_constant_val', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (reads) => {
      const data = reads.constant(contractIdOf(path), path.constant_name);
      return data === undefined ? nodeNotFound('Constant not found') : ok({ data });
    }),
};
