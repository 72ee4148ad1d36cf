import {
  PayloadType,
  serializePostConditionWire,
  type ClarityValue,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { bytesToHex } from '@noble/hashes/utils';
import { admits, debugType, typeOfValue, typeText, type AbiType } from '../clarity/abi-types.ts';
import { firstToken, nestsTooDeep } from '../clarity/top-level-forms.ts';
import type { AdmissionReads } from '../world/run/admission-reads.ts';
import { pairOf } from '../world/derive/clarity.ts';
import type { Chain } from '../world/tables/chain.ts';
import type { ClarityTx } from '../world/tables/clarity-txs.ts';
import type { Contract } from '../world/tables/contracts.ts';
import { Action } from '../world/tables/kinds.ts';
import type { Refuse } from './derived-calls.ts';

/** The newest Clarity version the chain's epoch (3.3) takes in a versioned deployment. */
const NEWEST_CLARITY = 4;

/** A deployment, or a call only the Clarity engine runs, as the mempool takes it. */
export interface EngineAdmission {
  /** What the chain keeps of it beside its row (its `clarityTxs` entry). */
  readonly entry: ClarityTx;
  readonly action: Action;
  /** A call's contract; -1 for a deployment, whose contract is registered when it is taken. */
  readonly contract: number;
  /** A deployment's name, the first token its source defines, and its payload's Clarity version. */
  readonly deploy?: { readonly name: string; readonly token: string; readonly version: number | null };
  /**
   * The node's static check before its mempool finds the deployment problematic (it nests past
   * the parser's depth): the node answers its txid and neither stores nor relays it.
   */
  readonly problematic: boolean;
}

interface Scope {
  readonly wire: StacksTransactionWire;
  readonly bytes: Uint8Array;
  readonly reads: AdmissionReads;
  readonly refuse: Refuse;
}

/**
 * A call to a public function of a contract on chain that only the engine runs, checked as the
 * node checks one before its mempool takes it (`StacksChainState::can_include_tx`): the
 * contract's analysis holds the function as public (`NoSuchContract`, `NoSuchPublicFunction`),
 * and the arguments fit its signature (`BadFunctionArgument`, the node's check error).
 */
export function admitEngineCall(contract: Contract, scope: Scope): EngineAdmission {
  const { wire, reads, refuse } = scope;
  if (wire.payload.payloadType !== PayloadType.ContractCall) throw new TypeError('not a contract call');
  const name = wire.payload.functionName.content;
  const args = wire.payload.functionArgs;
  const abi = reads.contractInterface(contract.id);
  if (!abi) return refuse('NoSuchContract');
  const fn = abi.functions.find((f) => f.name === name && f.access === 'public');
  if (!fn) return refuse('NoSuchPublicFunction');
  const params = fn.args as readonly { name: string; type: AbiType }[];
  if (params.length !== args.length)
    refuse('BadFunctionArgument', { message: `IncorrectArgumentCount(${params.length}, ${args.length})` });
  params.forEach((param, i) => {
    const value = args[i] as ClarityValue;
    if (!admits(param.type, value))
      refuse('BadFunctionArgument', {
        message: `TypeError(${debugType(param.type)}, ${debugType(typeOfValue(value))})`,
      });
  });
  return {
    entry: entryOf(scope, {
      kind: 'call',
      contract: contract.id,
      fn: name,
      args: args.map(pairOf),
      params: params.map((p) => ({ name: p.name, type: typeText(p.type) })),
    }),
    action: Action.ClarityCall,
    contract: contract.index,
    problematic: false,
  };
}

/**
 * A contract deployment, checked as the node checks one before its mempool: a contract of that
 * name from that sender must not exist (`ContractAlreadyExists`; the mock also refuses a second
 * one pending, which the node would take and fail to mine), its Clarity version must be one the
 * epoch knows, and its source must not nest past the parser's depth (then it is problematic).
 * Whether it analyses is found when a block runs it, as on the chain.
 */
export function admitDeploy(chain: Chain, sender: string, scope: Scope): EngineAdmission {
  const { wire, reads, refuse } = scope;
  const payload = wire.payload;
  if (
    payload.payloadType !== PayloadType.SmartContract &&
    payload.payloadType !== PayloadType.VersionedSmartContract
  )
    throw new TypeError('not a deployment');
  const version =
    payload.payloadType === PayloadType.VersionedSmartContract ? Number(payload.clarityVersion) : null;
  if (version !== null && version > NEWEST_CLARITY)
    refuse('ServerFailureOther', { message: 'Transaction is not supported in this epoch' });
  const name = payload.contractName.content;
  const id = `${sender}.${name}`;
  // Every contract the engine deploys the chain registered first (the world's, a world file's, a
  // broadcast's; the boot contracts' address signs nothing), so an id it does not know is free
  // without asking the engine, which may be busy with a block.
  if (chain.contracts.some((c) => c.id === id && (c.pending || reads.contractInterface(id) !== undefined)))
    refuse('ContractAlreadyExists', { contract_identifier: id });
  const source = payload.codeBody.content;
  return {
    entry: entryOf(scope, { kind: 'deploy', contract: id, source, clarityVersion: version }),
    action: Action.Deploy,
    contract: -1,
    deploy: { name, token: firstToken(source), version },
    problematic: nestsTooDeep(source),
  };
}

function entryOf(scope: Scope, payload: ClarityTx['payload']): ClarityTx {
  return {
    payload,
    postConditions: scope.wire.postConditions.values.map((pc) =>
      serializePostConditionWire(pc as Parameters<typeof serializePostConditionWire>[0]),
    ),
    raw: `0x${bytesToHex(scope.bytes)}`,
  };
}
