import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

/** Whether the contract implements the trait, explicitly or by its functions, as of `tip`. */
export const get_is_trait_implemented: OperationHandler<'get_is_trait_implemented'> = {
  defaulted: [],
  answer: ({ queries, path, query }) =>
    withEngine(queries, query.tip, (engine, height) => {
      const traitContract = `${path.trait_contract_address}.${path.trait_contract_name}`;
      const is = engine.implementsTrait(contractIdOf(path), traitContract, path.trait_name, height);
      return is === undefined
        ? nodeNotFound('No contract analysis found or trait definition not found')
        : ok({ is_implemented: is });
    }),
};
