import type { WorldView } from './world-view.ts';

/** What valid parameter values are made of: a world's principals, transactions and blocks. */
export interface ExampleFacts {
  principals: readonly string[];
  txIds: readonly string[];
  blocks: readonly { height: number; hash: string }[];
}

/**
 * Valid values per parameter name, in the facts' order: every parameter of the spec that names a
 * principal, a transaction or a block, and `unanchored`. A name with no value is left out.
 */
export function examplesFrom(facts: ExampleFacts): Record<string, string[]> {
  const heights = facts.blocks.map((b) => String(b.height));
  const hashes = facts.blocks.map((b) => b.hash);
  const all: Record<string, readonly string[]> = {
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
    unanchored: ['true'],
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
  });
}
