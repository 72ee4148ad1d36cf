import type { components } from '../../spec/types.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, nodeNotFound, withEngine } from './node-reads.ts';

type ContractInterface = components['schemas']['ContractInterface'];

const NOT_FOUND = 'No contract interface data found';

/**
 * The contract's interface from the engine's analysis, for a contract of the world deployed at or
 * below `tip`; a boot contract's (pox-4, BNS, the costs contracts) as the node deployed it, in its
 * own epoch, from copies an engine of their own deployed (`WorldEngine.bootInterface`, made while
 * the world's engine warms): the boot contracts are there before the world's first block.
 */
export const get_contract_interface: OperationHandler<'get_contract_interface', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: async ({ queries, path, query }) => {
    const id = contractIdOf(path);
    // Made while the world's engine warms, and awaited only where the answer needs it: without
    // the package the world's engine answers the one error first (501), and any other failure of
    // the copies is this answer's, as a failure of the world's engine is (500, one log line).
    const boot = queries.clarity.isBootContract(id) ? queries.clarity.bootInterface(id) : undefined;
    boot?.catch(() => undefined);
    let isBoot = false;
    const answer = await withEngine<'get_contract_interface'>(queries, query.tip, (reads, { height }) => {
      const recorded = queries.contracts().find(id);
      if (recorded && recorded.height > height) return nodeNotFound(NOT_FOUND);
      const found = recorded && reads.contractInterface(id);
      if (found) return ok<'get_contract_interface'>(found as ContractInterface);
      isBoot = boot !== undefined;
      return nodeNotFound(NOT_FOUND);
    });
    const found = isBoot ? await boot : undefined;
    return found ? ok<'get_contract_interface'>(found as ContractInterface) : answer;
  },
};
