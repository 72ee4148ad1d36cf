import { clarityTxOf, contractAt, type Chain } from '../tables/chain.ts';
import type { ClarityPayload } from '../tables/clarity-txs.ts';
import type { ClarityPair } from '../derive/clarity.ts';
import { argumentValues, FUNCTIONS, type FunctionSpec } from '../derive/call-arguments.ts';
import type { Action } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';
import type { FunctionArg } from './shapes.ts';

export function contractCallOf(chain: Chain, table: TxTable, tx: number) {
  const broadcast = clarityTxOf(chain, table, tx)?.payload;
  if (broadcast?.kind === 'call') return broadcastCall(broadcast);
  const action = table.action[tx] as Action;
  const spec = FUNCTIONS[action];
  if (!spec) throw new Error(`action ${action} is not a contract call`);
  const values = argumentValues(chain, table, tx, action);
  return {
    contract_id: contractAt(chain, table.contract[tx] as number).id,
    function_name: spec.name,
    function_signature: specSignature(spec),
    function_args: spec.params.map((p, i): FunctionArg => argument(values[i] as ClarityPair, p)),
  };
}

/** An argument as the API shows it, its fields written out: a spread costs more, and every call's id reads these. */
function argument(value: ClarityPair, param: { name: string; type: string }): FunctionArg {
  return { hex: value.hex, repr: value.repr, name: param.name, type: param.type };
}

/** A call only the Clarity engine runs, as its bytes name it and the contract's interface types it. */
function broadcastCall(call: Extract<ClarityPayload, { kind: 'call' }>) {
  return {
    contract_id: call.contract,
    function_name: call.fn,
    function_signature: signatureOf(call.fn, call.params),
    function_args: call.params.map((p, i): FunctionArg => ({
      ...(call.args[i] as ClarityPair),
      name: p.name,
      type: p.type,
    })),
  };
}

const specSignatures = new WeakMap<FunctionSpec, string>();

/** A world call's signature: one per kind of call, written once. */
function specSignature(spec: FunctionSpec): string {
  let signature = specSignatures.get(spec);
  if (signature === undefined) specSignatures.set(spec, (signature = signatureOf(spec.name, spec.params)));
  return signature;
}

function signatureOf(name: string, params: readonly { name: string; type: string }[]): string {
  return `(define-public (${name} ${params.map((p) => `(${p.name} ${p.type})`).join(' ')}))`;
}
