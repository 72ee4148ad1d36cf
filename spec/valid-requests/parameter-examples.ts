import type { WorldView } from './world-view.ts';

/** What valid parameter values are made of: a world's principals, transactions and blocks. */
export interface ExampleFacts {
  principals: readonly string[];
  txIds: readonly string[];
  blocks: readonly { height: number; hash: string }[];
  /** Contract identifiers (`<address>.<name>`), for the contract routes' parameters. */
  contracts?: readonly string[];
  /** BNS names (`<name>.<namespace>`), for the names routes. */
  names?: readonly string[];
}

/** A Clarity name of each kind the node's contract routes take: valid whatever the contract holds. */
const CLARITY_NAMES = {
  function_name: ['get-balance'],
  var_name: ['configured'],
  map_name: ['stacking-state'],
  constant_name: ['MIN_POX_REWARD_CYCLES'],
  trait_name: ['sip-010-trait'],
};

/**
 * Valid values per parameter name, in the facts' order: every parameter of the spec that names a
 * principal, a transaction, a block or a BNS name, and `unanchored` and `blockchain`. A name with no
 * value is left out.
 */
export function examplesFrom(facts: ExampleFacts): Record<string, string[]> {
  const heights = facts.blocks.map((b) => String(b.height));
  const hashes = facts.blocks.map((b) => b.hash);
  const contracts = facts.contracts ?? [];
  const addresses = contracts.map((c) => c.split('.')[0] ?? c);
  const names = contracts.map((c) => c.split('.')[1] ?? c);
  const all: Record<string, readonly string[]> = {
    contract_id: contracts,
    contract_address: addresses,
    contract_name: names,
    trait_contract_address: addresses,
    trait_contract_name: names,
    ...(contracts.length ? CLARITY_NAMES : {}),
    principal: facts.principals,
    address: facts.principals,
    sender_address: facts.principals,
    recipient_address: facts.principals,
    tx_id: facts.txIds,
    height_or_hash: hashes,
    height: heights,
    until_block: hashes,
    block_height: heights,
    block_hash: hashes,
    name: facts.names ?? [],
    unanchored: ['true'],
    blockchain: ['stacks'],
  };
  return Object.fromEntries(Object.entries(all).flatMap(([name, v]) => (v.length ? [[name, [...v]]] : [])));
}

/** The path values of the valid request being broken: its principal (or address) and transaction. */
export interface Subject {
  principal?: string;
  address?: string;
  tx_id?: string;
}

/**
 * One valid value per parameter name on a world view, for the invalid requests that start from a
 * valid value (spec/invalid-requests/): the contract suite's bad-request tests and exploration,
 * and the packaging check (the fuzzers draw from `examplesFrom` over the whole world). The
 * subject's values win over the view's, so that an address and its transaction stay a pair.
 */
export function parameterExamples(view: WorldView, subject: Subject = {}): Record<string, string[]> {
  const principal = subject.principal ?? subject.address ?? view.stx_activity;
  const txId = subject.tx_id ?? view.address_tx?.tx_id ?? view.tx_ids?.[0];
  const { block_height: height, block_hash: hash } = view;
  return examplesFrom({
    principals: principal ? [principal] : [],
    txIds: txId ? [txId] : [],
    blocks: height !== undefined && hash ? [{ height, hash }] : [],
    contracts: view.ft_asset ? [view.ft_asset.split('::')[0] ?? view.ft_asset] : [],
    names: view.bns_name ? [view.bns_name.name] : [],
  });
}
