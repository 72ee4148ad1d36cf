// The API's shapes a transaction's bytes are written from, taken from the types generated from
// spec/openapi.yaml: the world writes those bytes when it builds (an id is their hash), and the
// serializers serve the same shapes (serialize/types.ts re-exports these).
import type { components } from '../../../spec/types.ts';

type Schemas = components['schemas'];

export type PostConditionPrincipal = Schemas['PostConditionPrincipal'];
export type FungibleConditionCode = Schemas['FungibleConditionCode'];
export type PostConditionAsset = Schemas['PostConditionAsset'];
export type PostCondition = Schemas['PostCondition'];
export type FunctionArg = NonNullable<
  Schemas['ContractCallPayload']['contract_call']['function_args']
>[number];
export type TxPayload = Schemas['TransactionPayload'];
