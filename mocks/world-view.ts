import type { WorldView } from '../spec/valid-requests/valid-requests.ts';
import { windowRows } from './query/paging.ts';
import type { WorldQueries } from './query/world-queries.ts';
import { txIdOf } from './serialize/transaction.ts';
import { ContractKind } from './world/tables/kinds.ts';
import { contractAt } from './world/tables/chain.ts';
import { sourceOf } from './world/derive/contract-source.ts';

/**
 * The facts of this world that valid requests are built from (spec/valid-requests/): the
 * catalogue's notable addresses, a transaction of the STX-active address that operation 8 answers
 * too (it leaves out one the address is in only through token events, as the real service does),
 * a few token transfers and a pending transaction, the middle block. The mock signs nothing, so it
 * offers no transaction to broadcast.
 */
export function worldViewOf(queries: WorldQueries): WorldView {
  const { addresses, transactions, block_samples, network } = queries.catalogue();
  const address = addresses.stx_activity;
  const history = queries.history(address, { unanchored: false });
  const addressTx = (history ? windowRows(history, { limit: 50, offset: 0 }) : [])
    .map((row) => txIdOf(queries.chain.txs, row.tx))
    .find((id) => queries.txTransfers(address, id) !== undefined);
  const token = queries.chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending)?.assetId;
  const transfers = transactions.by_type.token_transfer ?? [];
  const cycles = windowRows(queries.explorer.rewardCycles(), { limit: 60, offset: 0 });
  const cycle = cycles.find((c) => c.signers.length > 0) ?? cycles[0];
  const nft = nftToken(queries);
  const [reward] = windowRows(queries.burnchain.rewards(), { limit: 1, offset: 0 });
  const mined = [...transfers, ...Object.values(transactions.by_type).flat()];
  return {
    stx_activity: address,
    busiest: addresses.busiest,
    ft_activity: addresses.ft_activity || address,
    ...(token ? { ft_asset: token } : {}),
    nft_activity: addresses.nft_activity || address,
    ...(addresses.locked_stx ? { locked_stx: addresses.locked_stx } : {}),
    ...(addressTx ? { address_tx: { address, tx_id: addressTx } } : {}),
    tx_ids: [...new Set(mined)],
    mempool: transactions.mempool.pending,
    block_height: block_samples.middle.height,
    block_hash: block_samples.middle.hash,
    ...(network === 'testnet' ? { testnet_address: address } : {}),
    ...(cycle ? { pox_cycle: cycle.cycle } : {}),
    ...(cycle?.signers[0] ? { pox_signer: cycle.signers[0].signingKey } : {}),
    ...(nft ? { nft_token: nft } : {}),
    ...(reward ? { reward_recipient: reward.recipient } : {}),
    pox_contract: contractAt(queries.chain, queries.chain.poxContract).id,
    ...traitOf(queries),
    ...bnsNameOf(queries),
  };
}

/** The first minted token of the world's first non-fungible token contract that minted one. */
function nftToken(queries: WorldQueries): WorldView['nft_token'] {
  for (const c of queries.chain.contracts) {
    if (c.kind !== ContractKind.Nft) continue;
    const [id] = queries.explorer.token(c.id, ContractKind.Nft)?.minted ?? [];
    if (id !== undefined) return { contract: c.id, token_id: id };
  }
  return undefined;
}

/** The first trait a mined contract of the world defines (`define-trait`), if any does. */
function traitOf(queries: WorldQueries): Pick<WorldView, 'trait'> {
  for (const contract of queries.chain.contracts) {
    if (contract.pending) continue;
    const name = /\(define-trait\s+([^\s()]+)/.exec(sourceOf(queries.chain, contract))?.[1];
    if (name) return { trait: { contract: contract.id, name } };
  }
  return {};
}

/** The first of the world's names the canonical chain has registered, and its owner. */
function bnsNameOf(queries: WorldQueries): Pick<WorldView, 'bns_name'> {
  const [facts] = queries.names.all(false).values();
  return facts ? { bns_name: { name: facts.name, owner: facts.owner } } : {};
}
