import {
  deserializePostConditionWire,
  wireToPostCondition,
  type PostCondition as SignedCondition,
} from '@stacks/transactions';
import { pairOf } from '../derive/clarity.ts';
import type { FungibleConditionCode, PostCondition, PostConditionPrincipal } from './shapes.ts';

const FUNGIBLE: Record<string, FungibleConditionCode> = {
  eq: 'sent_equal_to',
  gt: 'sent_greater_than',
  gte: 'sent_greater_than_or_equal_to',
  lt: 'sent_less_than',
  lte: 'sent_less_than_or_equal_to',
};
const NON_FUNGIBLE = { sent: 'sent', 'not-sent': 'not_sent', 'maybe-sent': 'maybe_sent' } as const;
const POX = {
  'will-not-perform': 'not_performed',
  'may-perform': 'maybe_performed',
  'will-perform': 'performed',
} as const;

/** Post-conditions as a transaction's bytes carry them (each serialized, hex), as the API shows them. */
export function signedPostConditions(serialized: readonly string[]): PostCondition[] {
  return serialized.map((hex) => apiPostCondition(wireToPostCondition(deserializePostConditionWire(hex))));
}

function apiPostCondition(pc: SignedCondition): PostCondition {
  const principal = principalOf(pc.address);
  switch (pc.type) {
    case 'stx-postcondition':
      return {
        type: 'stx',
        principal,
        condition_code: FUNGIBLE[pc.condition] as FungibleConditionCode,
        amount: String(pc.amount),
      };
    case 'ft-postcondition':
      return {
        type: 'fungible',
        principal,
        condition_code: FUNGIBLE[pc.condition] as FungibleConditionCode,
        amount: String(pc.amount),
        asset: assetOf(pc.asset),
      };
    case 'nft-postcondition':
      return {
        type: 'non_fungible',
        principal,
        condition_code: NON_FUNGIBLE[pc.condition],
        asset_value: pairOf(pc.assetId),
        asset: assetOf(pc.asset),
      };
    case 'staking-postcondition':
      return {
        type: 'staking',
        principal,
        condition_code: FUNGIBLE[pc.condition] as FungibleConditionCode,
        amount: String(pc.amount),
      };
    case 'pox-postcondition':
      return { type: 'pox', principal, condition_code: POX[pc.condition] };
  }
}

function principalOf(address: string): PostConditionPrincipal {
  if (address === 'origin') return { type_id: 'principal_origin' };
  const [owner, name] = address.split('.') as [string, string | undefined];
  return name === undefined
    ? { type_id: 'principal_standard', address: owner }
    : { type_id: 'principal_contract', address: owner, contract_name: name };
}

/** `<address>.<contract>::<asset>`, split as the API's asset object. */
function assetOf(asset: string): { asset_name: string; contract_address: string; contract_name: string } {
  const [contract, asset_name] = asset.split('::') as [string, string];
  const [contract_address, contract_name] = contract.split('.') as [string, string];
  return { asset_name, contract_address, contract_name };
}
