import { sourceOf } from '../world/derive/contract-source.ts';
import { ok, type OperationHandler } from './types.ts';
import { contractIdOf, heightOfTip, NO_TIP, nodeNotFound } from './node-reads.ts';

/**
 * Whether the contract implements the trait, as of `tip`, read from the world's sources: both
 * contracts deployed, the trait defined (`define-trait`), and the contract declaring it
 * (`impl-trait`). A node also counts a contract whose functions merely match the trait; this
 * mock does not check that compliance (docs/clarity-routes.md).
 */
export const get_is_trait_implemented: OperationHandler<'get_is_trait_implemented'> = {
  defaulted: [],
  answer: ({ queries, path, query }) => {
    const height = heightOfTip(queries, query.tip);
    if (height === undefined) return nodeNotFound(NO_TIP);
    const contracts = queries.contracts();
    const implementer = contracts.find(contractIdOf(path), height);
    const traitContractId = `${path.trait_contract_address}.${path.trait_contract_name}`;
    const definer = contracts.find(traitContractId, height);
    const defines =
      definer &&
      new RegExp(`\\(define-trait\\s+${escaped(path.trait_name)}[\\s)]`).test(
        sourceOf(queries.chain, definer.contract),
      );
    if (!implementer || !defines)
      return nodeNotFound('No contract analysis found or trait definition not found');
    const source = sourceOf(queries.chain, implementer.contract);
    const local =
      path.trait_contract_address === path.contract_address ? `|\\.${escaped(path.trait_contract_name)}` : '';
    const declared = new RegExp(
      `\\(impl-trait\\s+(?:'${escaped(traitContractId)}${local})\\.${escaped(path.trait_name)}\\s*\\)`,
    ).test(source);
    return ok({ is_implemented: declared });
  },
};

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
