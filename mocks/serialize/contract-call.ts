import { contractAt, type Chain } from '../world/tables/chain.ts';
import type { ClarityPair } from '../world/derive/clarity.ts';
import { argumentValues, FUNCTIONS } from '../world/derive/call-arguments.ts';
import type { Action } from '../world/tables/kinds.ts';
import type { TxTable } from '../world/tables/tx-table.ts';
import type { FunctionArg } from './types.ts';

export function contractCallOf(chain: Chain, table: TxTable, tx: number) {
  const action = table.action[tx] as Action;
  const spec = FUNCTIONS[action];
  if (!spec) throw new Error(`action ${action} is not a contract call`);
  const values = argumentValues(chain, table, tx, action);
  return {
    contract_id: contractAt(chain, table.contract[tx] as number).id,
    function_name: spec.name,
    function_signature: `(define-public (${spec.name} ${spec.params.map((p) => `(${p.name} ${p.type})`).join(' ')}))`,
    function_args: spec.params.map((p, i): FunctionArg => ({
      ...(values[i] as ClarityPair),
      name: p.name,
      type: p.type,
    })),
  };
}
