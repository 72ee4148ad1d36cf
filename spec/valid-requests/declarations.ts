import type { OperationId, UrlParams } from '../request/url.ts';
import { Cl, cvToHex } from '@stacks/transactions';
import type { Fact, WorldView } from './world-view.ts';

/** A valid request of one operation: its path and query parameters (typed from the spec), and its body if it takes one. */
export type ValidRequest<O extends OperationId = OperationId> = UrlParams<O> & {
  /** A JSON body, as text. */
  body?: string;
};

/** How to ask an operation something the world answers with 200. */
export interface Declaration<O extends OperationId = OperationId> {
  /** The facts of the world view the requests are built from; without one of them there is none. */
  needs: readonly Fact[];
  /** True when the request changes the target's chain (a broadcast, the faucet): never sent to a staging target. */
  changesChain?: true;
  /** The valid requests, the first the plainest (an operation's sample); the others vary its parameters. */
  requests(view: WorldView): ValidRequest<O>[];
}

/** A declaration whose `requests` may read the facts it needs as present. */
function declare<O extends OperationId, K extends Fact>(d: {
  needs: readonly K[];
  changesChain?: true;
  requests(view: WorldView & Required<Pick<WorldView, K>>): ValidRequest<O>[];
}): Declaration<O> {
  return d as Declaration<O>;
}

/**
 * A token-transfer payload (1 µSTX to the zero hash160 of SP, no memo): a payload every node can
 * estimate a fee for, whatever its chain holds.
 */
export const TRANSFER_PAYLOAD = `0x000516${'00'.repeat(20)}${'0000000000000001'}${'00'.repeat(34)}`;

/** A contract identifier's path parameters, as the node's contract routes take them. */
function contractPath(contractId: string): { contract_address: string; contract_name: string } {
  const [contract_address = '', contract_name = ''] = contractId.split('.');
  return { contract_address, contract_name };
}

/** The contract of a token's asset identifier (`<contract>::<token>`). */
function contractOfAsset(asset: string): string {
  return asset.split('::')[0] ?? asset;
}

/**
 * The addresses a burnchain route answers 200 for: the recipient of a reward when the world paid
 * any, and a Stacks address, which the real service converts to the Bitcoin address of its hash.
 */
function rewardAddresses(v: WorldView & { stx_activity: string }): string[] {
  return [...(v.reward_recipient ? [v.reward_recipient] : []), v.stx_activity];
}

/**
 * Every operation of the spec, declared once: a new operationId fails the typecheck until it is
 * here. The mock's sample URLs, the contract suite's valid requests, the exploration, the soak,
 * the packaging check, the fuzzers and the differential all build theirs from this table.
 */
export const DECLARATIONS: { [O in OperationId]: Declaration<O> } = {
  get_status: declare({ needs: [], requests: () => [{}] }),
  get_block: declare({
    needs: ['block_height'],
    requests: (v) => [{ path: { height_or_hash: v.block_height } }, { path: { height_or_hash: 'latest' } }],
  }),
  get_tx_list_details: declare({
    needs: ['tx_ids'],
    requests: (v) => [
      { query: { tx_id: [...v.tx_ids.slice(0, 2), ...(v.mempool ?? []).slice(0, 1)] } },
      { query: { tx_id: v.tx_ids.slice(0, 1), event_limit: 2 } },
    ],
  }),
  get_mempool_transaction_stats: declare({ needs: [], requests: () => [{}] }),
  get_address_transaction_events: declare({
    needs: ['address_tx'],
    requests: (v) => [{ path: v.address_tx }, { path: v.address_tx, query: { limit: 1 } }],
  }),
  get_account_transactions_with_transfers: declare({
    needs: ['stx_activity'],
    requests: (v) => [
      { path: { principal: v.busiest ?? v.stx_activity }, query: { limit: 20 } },
      { path: { principal: v.stx_activity }, query: { limit: 5, offset: 1 } },
    ],
  }),
  get_account_balance: declare({
    needs: ['stx_activity'],
    requests: (v) => [
      { path: { principal: v.locked_stx ?? v.stx_activity } },
      { path: { principal: v.stx_activity }, query: { unanchored: true } },
    ],
  }),
  get_single_transaction_with_transfers: declare({
    needs: ['address_tx'],
    requests: (v) => [{ path: { principal: v.address_tx.address, tx_id: v.address_tx.tx_id } }],
  }),
  get_transaction_by_id: declare({
    needs: ['tx_ids'],
    requests: (v) => [
      { path: { tx_id: v.tx_ids[0] as string } },
      ...(v.mempool ?? []).slice(0, 1).map((tx_id) => ({ path: { tx_id } })),
    ],
  }),
  get_raw_transaction_by_id: declare({
    needs: ['tx_ids'],
    requests: (v) => [
      { path: { tx_id: v.tx_ids[0] as string } },
      ...(v.mempool ?? []).slice(0, 1).map((tx_id) => ({ path: { tx_id } })),
    ],
  }),
  get_account_nonces: declare({
    needs: ['stx_activity'],
    requests: (v) => [{ path: { principal: v.stx_activity } }],
  }),
  get_account_info: declare({
    needs: ['stx_activity'],
    requests: (v) => [{ path: { principal: v.stx_activity }, query: { proof: 0 } }],
  }),
  get_fee_transfer: declare({ needs: [], requests: () => [{}] }),
  post_transaction: declare({
    needs: ['signed_tx'],
    changesChain: true,
    requests: (v) => [{ body: JSON.stringify({ tx: v.signed_tx }) }],
  }),
  post_fee_transaction: declare({
    needs: [],
    requests: () => [{ body: JSON.stringify({ transaction_payload: TRANSFER_PAYLOAD, estimated_len: 180 }) }],
  }),
  run_faucet_stx: declare({
    needs: ['testnet_address'],
    changesChain: true,
    requests: (v) => [{ query: { address: v.testnet_address } }],
  }),
  get_principal_transactions: declare({
    needs: ['stx_activity'],
    requests: (v) => [
      { path: { principal: v.stx_activity }, query: { limit: 20 } },
      { path: { principal: v.busiest ?? v.stx_activity }, query: { limit: 1 } },
    ],
  }),
  get_principal_transaction_balance_changes: declare({
    needs: ['address_tx'],
    requests: (v) => [{ path: { principal: v.address_tx.address, tx_id: v.address_tx.tx_id } }],
  }),
  get_principal_balance_changes: declare({
    needs: ['address_tx'],
    requests: (v) => [{ path: { principal: v.address_tx.address }, query: { tx_id: [v.address_tx.tx_id] } }],
  }),
  get_principal_balances_stx: declare({
    needs: ['stx_activity'],
    requests: (v) => [{ path: { principal: v.locked_stx ?? v.stx_activity } }],
  }),
  get_principal_balances_ft: declare({
    needs: ['ft_activity'],
    requests: (v) => [{ path: { principal: v.ft_activity } }],
  }),
  get_principal_balance_ft: declare({
    needs: ['ft_activity', 'ft_asset'],
    requests: (v) => [{ path: { principal: v.ft_activity, asset_identifier: v.ft_asset } }],
  }),
  get_principal_balances_nft: declare({
    needs: ['nft_activity'],
    requests: (v) => [{ path: { principal: v.nft_activity } }],
  }),
  get_address_transactions: declare({
    needs: ['stx_activity'],
    requests: (v) => [{ path: { address: v.stx_activity }, query: { limit: 20 } }],
  }),
  get_principal_stx_balance: declare({
    needs: ['stx_activity'],
    requests: (v) => [
      { path: { principal: v.locked_stx ?? v.stx_activity } },
      { path: { principal: v.stx_activity }, query: { include_mempool: true } },
    ],
  }),
  get_principal_ft_balances: declare({
    needs: ['ft_activity'],
    requests: (v) => [{ path: { principal: v.ft_activity } }],
  }),
  get_transaction: declare({
    needs: ['address_tx'],
    requests: (v) => [
      { path: { tx_id: v.address_tx.tx_id } },
      ...(v.mempool ?? []).slice(0, 1).map((tx_id) => ({ path: { tx_id } })),
    ],
  }),
  call_read_only_function: declare({
    needs: ['ft_asset', 'ft_activity'],
    requests: (v) => [
      {
        path: { ...contractPath(contractOfAsset(v.ft_asset)), function_name: 'get-balance' },
        body: JSON.stringify({ sender: v.ft_activity, arguments: [cvToHex(Cl.principal(v.ft_activity))] }),
      },
      {
        path: { ...contractPath(contractOfAsset(v.ft_asset)), function_name: 'get-total-supply' },
        query: { tip: 'latest' },
        body: JSON.stringify({ sender: v.ft_activity, arguments: [] }),
      },
    ],
  }),
  get_contract_interface: declare({
    needs: ['ft_asset'],
    requests: (v) => [{ path: contractPath(contractOfAsset(v.ft_asset)) }],
  }),
  get_contract_source: declare({
    needs: ['ft_asset'],
    requests: (v) => [
      { path: contractPath(contractOfAsset(v.ft_asset)) },
      { path: contractPath(contractOfAsset(v.ft_asset)), query: { proof: 0 } },
    ],
  }),
  get_contract_data_var: declare({
    needs: ['pox_contract'],
    requests: (v) => [
      { path: { ...contractPath(v.pox_contract), var_name: 'configured' }, query: { proof: 0 } },
    ],
  }),
  get_contract_data_map_entry: declare({
    needs: ['pox_contract', 'stx_activity'],
    requests: (v) => [
      {
        path: { ...contractPath(v.pox_contract), map_name: 'stacking-state' },
        query: { proof: 0 },
        body: JSON.stringify(cvToHex(Cl.tuple({ stacker: Cl.principal(v.locked_stx ?? v.stx_activity) }))),
      },
    ],
  }),
  get_constant_val: declare({
    needs: ['pox_contract'],
    requests: (v) => [{ path: { ...contractPath(v.pox_contract), constant_name: 'MIN_POX_REWARD_CYCLES' } }],
  }),
  get_is_trait_implemented: declare({
    needs: ['ft_asset', 'trait'],
    requests: (v) => {
      const trait = contractPath(v.trait.contract);
      return [
        {
          path: {
            ...contractPath(contractOfAsset(v.ft_asset)),
            trait_contract_address: trait.contract_address,
            trait_contract_name: trait.contract_name,
            trait_name: v.trait.name,
          },
        },
      ];
    },
  }),
  get_core_api_info: declare({ needs: [], requests: () => [{}] }),
  get_pox_info: declare({ needs: [], requests: () => [{}] }),
  get_contract_by_id: declare({
    needs: ['ft_asset'],
    requests: (v) => [{ path: { contract_id: contractOfAsset(v.ft_asset) } }],
  }),
  get_contract_events_by_id: declare({
    needs: ['ft_asset'],
    requests: (v) => [
      { path: { contract_id: contractOfAsset(v.ft_asset) } },
      { path: { contract_id: contractOfAsset(v.ft_asset) }, query: { limit: 2, offset: 1 } },
    ],
  }),
  get_principal_nonces: declare({
    needs: ['stx_activity'],
    requests: (v) => [{ path: { principal: v.stx_activity } }],
  }),
  // The explorer's routes (issue 40).
  get_blocks: declare({
    needs: [],
    requests: () => [{}, { query: { limit: 5, offset: 1 } }],
  }),
  get_transactions_by_block: declare({
    needs: ['block_height'],
    requests: (v) => [
      { path: { height_or_hash: v.block_height } },
      { path: { height_or_hash: 'latest' }, query: { limit: 2 } },
    ],
  }),
  get_burn_blocks: declare({ needs: [], requests: () => [{}, { query: { limit: 3, offset: 1 } }] }),
  get_burn_block: declare({ needs: [], requests: () => [{ path: { height_or_hash: 'latest' } }] }),
  get_blocks_by_burn_block: declare({ needs: [], requests: () => [{ path: { height_or_hash: 'latest' } }] }),
  get_mempool_fee_priorities: declare({ needs: [], requests: () => [{}] }),
  get_pox_cycles: declare({ needs: [], requests: () => [{}] }),
  get_pox_cycle: declare({
    needs: ['pox_cycle'],
    requests: (v) => [{ path: { cycle_number: v.pox_cycle } }],
  }),
  get_pox_cycle_signers: declare({
    needs: ['pox_cycle'],
    requests: (v) => [{ path: { cycle_number: v.pox_cycle } }],
  }),
  get_pox_cycle_signer: declare({
    needs: ['pox_cycle', 'pox_signer'],
    requests: (v) => [
      { path: { cycle_number: v.pox_cycle, signer_key: v.pox_signer } },
      { path: { cycle_number: v.pox_cycle, signer_key: v.pox_signer.slice(2) } },
    ],
  }),
  get_pox_cycle_signer_stackers: declare({
    needs: ['pox_cycle', 'pox_signer'],
    requests: (v) => [
      { path: { cycle_number: v.pox_cycle, signer_key: v.pox_signer } },
      { path: { cycle_number: v.pox_cycle, signer_key: v.pox_signer }, query: { limit: 1, offset: 1 } },
    ],
  }),
  get_signer_metrics_cycle_signers: declare({
    needs: ['pox_cycle'],
    requests: (v) => [
      { path: { cycle_number: v.pox_cycle } },
      { path: { cycle_number: v.pox_cycle }, query: { limit: 1 } },
    ],
  }),
  get_signer_metrics_cycle_signer: declare({
    needs: ['pox_cycle', 'pox_signer'],
    requests: (v) => [{ path: { cycle_number: v.pox_cycle, signer_key: v.pox_signer } }],
  }),
  get_burnchain_reward_slot_holders: declare({ needs: [], requests: () => [{}, { query: { limit: 5 } }] }),
  get_burnchain_reward_slot_holders_by_address: declare({
    needs: ['stx_activity'],
    requests: (v) => rewardAddresses(v).map((address) => ({ path: { address } })),
  }),
  get_burnchain_reward_list: declare({ needs: [], requests: () => [{}, { query: { limit: 5, offset: 2 } }] }),
  get_burnchain_reward_list_by_address: declare({
    needs: ['stx_activity'],
    requests: (v) => rewardAddresses(v).map((address) => ({ path: { address } })),
  }),
  get_burnchain_rewards_total_by_address: declare({
    needs: ['stx_activity'],
    requests: (v) => rewardAddresses(v).map((address) => ({ path: { address } })),
  }),
  get_transaction_list: declare({
    needs: [],
    requests: () => [{}, { query: { type: ['token_transfer', 'contract_call'], limit: 5, order: 'asc' } }],
  }),
  get_ft_metadata: declare({
    needs: ['ft_asset'],
    requests: (v) => [{ path: { principal: v.ft_asset.split('::')[0] as string } }],
  }),
  get_block_transactions: declare({
    needs: ['block_height'],
    requests: (v) => [
      { path: { height_or_hash: v.block_height } },
      { path: { height_or_hash: 'latest' }, query: { limit: 2 } },
    ],
  }),
  get_transactions: declare({ needs: [], requests: () => [{}, { query: { limit: 5 } }] }),
  get_nft_metadata: declare({
    needs: ['nft_token'],
    requests: (v) => [{ path: { principal: v.nft_token.contract, token_id: v.nft_token.token_id } }],
  }),
  get_network_block_times: declare({ needs: [], requests: () => [{}] }),
  get_mempool_transaction_list: declare({
    needs: [],
    requests: (v) => [
      {},
      { query: { order_by: 'fee', order: 'asc', limit: 5 } },
      ...(v.stx_activity === undefined
        ? []
        : [
            { query: { address: v.stx_activity } },
            { query: { sender_address: v.stx_activity, recipient_address: v.stx_activity } },
          ]),
    ],
  }),
  get_nft_holdings: declare({
    needs: ['nft_activity'],
    requests: (v) => [
      { query: { principal: v.nft_activity } },
      { query: { principal: v.nft_activity, tx_metadata: true, limit: 2 } },
    ],
  }),
  get_filtered_events: declare({
    needs: ['address_tx'],
    requests: (v) => [
      { query: { tx_id: v.address_tx.tx_id } },
      { query: { address: v.address_tx.address, limit: 5 } },
    ],
  }),
  get_stx_supply: declare({
    needs: ['block_height'],
    requests: (v) => [{}, { query: { height: v.block_height } }],
  }),
  get_ft_holders: declare({
    needs: ['ft_asset'],
    requests: (v) => [{ path: { token: v.ft_asset } }, { path: { token: v.ft_asset }, query: { limit: 2 } }],
  }),
  get_mempool_transactions: declare({ needs: [], requests: () => [{}, { query: { limit: 5 } }] }),
  get_name_info: declare({
    needs: ['bns_name'],
    requests: (v) => [
      { path: { name: v.bns_name.name } },
      { path: { name: v.bns_name.name }, query: { unanchored: true } },
    ],
  }),
  fetch_zone_file: declare({ needs: ['bns_name'], requests: (v) => [{ path: { name: v.bns_name.name } }] }),
  get_names_owned_by_address: declare({
    needs: ['stx_activity'],
    requests: (v) =>
      [...(v.bns_name ? [v.bns_name.owner] : []), v.stx_activity].map((address) => ({
        path: { blockchain: 'stacks', address },
      })),
  }),
};
