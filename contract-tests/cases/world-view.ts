import type { Fact, WorldView } from '../../spec/valid-requests/valid-requests.ts';
import type { TargetData } from '../targets/discover.ts';

/**
 * The facts of the target's world, as the target file lists them or discovery found them in the
 * target's answers: what the declared valid requests (spec/valid-requests/) are built from.
 */
export function worldViewOf(data: TargetData): WorldView {
  const a = data.addresses;
  const pair = data.addressTransactions[0];
  const txIds = [...new Set(Object.values(data.txByType).flat())];
  const block = data.blocks[0];
  return {
    ...(a.stx_activity ? { stx_activity: a.stx_activity } : {}),
    ...(a.paginated ? { busiest: a.paginated } : {}),
    ...(a.ft_activity ? { ft_activity: a.ft_activity } : {}),
    ...(data.ftAsset ? { ft_asset: data.ftAsset } : {}),
    ...(a.nft_activity ? { nft_activity: a.nft_activity } : {}),
    ...(a.locked_stx ? { locked_stx: a.locked_stx } : {}),
    ...(pair ? { address_tx: { address: pair.address, tx_id: pair.tx_id } } : {}),
    ...(txIds.length ? { tx_ids: txIds } : {}),
    ...(data.mempool.length ? { mempool: data.mempool } : {}),
    ...(block ? { block_height: block.height, block_hash: block.hash } : {}),
    ...(data.network === 'testnet' && a.stx_activity ? { testnet_address: a.stx_activity } : {}),
    ...(data.poxCycle !== undefined ? { pox_cycle: data.poxCycle } : {}),
    ...(data.poxSigner ? { pox_signer: data.poxSigner } : {}),
    ...(data.rewardRecipient ? { reward_recipient: data.rewardRecipient } : {}),
    ...(data.bnsName ? { bns_name: data.bnsName } : {}),
    ...(data.network ? { pox_contract: POX_CONTRACT[data.network] } : {}),
  };
}

/** pox-4, the boot contract every node of the network has. */
const POX_CONTRACT = {
  mainnet: 'SP000000000000000000002Q6VF78.pox-4',
  testnet: 'ST000000000000000000002AMW42H.pox-4',
} as const;

/** Where each fact comes from on a target: the target file's field that lists it, or how to get it. */
const SOURCES: Record<Fact, string> = {
  stx_activity: 'addresses.stx_activity',
  busiest: 'addresses.paginated',
  ft_activity: 'addresses.ft_activity',
  ft_asset: 'addresses.ft_activity',
  nft_activity: 'addresses.nft_activity',
  locked_stx: 'addresses.locked_stx',
  address_tx: 'addressTransactions',
  tx_ids: 'transactions.byType',
  mempool: 'mempool',
  block_height: 'blocks',
  block_hash: 'blocks',
  signed_tx: 'no target file lists one and the suite signs none',
  testnet_address: 'the faucet pays only on a testnet target (`network: testnet`)',
  pox_cycle: 'discovery reads the cycles `GET /extended/v2/pox/cycles` lists, and found none',
  pox_signer:
    "discovery reads the first signer of the cycle's `GET /extended/v2/pox/cycles/{n}/signers`, and found none",
  reward_recipient:
    'discovery reads the newest reward `GET /extended/v1/burnchain/rewards` lists, and found none',
  nft_token: 'no target file lists one and discovery looks for none',
  pox_contract: "the boot contract of the target's network, which the target file's `network` names",
  trait: 'no target file lists a trait and discovery looks for none',
  bns_name:
    'discovery asks the names of the addresses it knows (`GET /v1/addresses/stacks/{address}`), and none owns one',
};

/** Why facts are missing: where each would come from. */
export function missingFacts(facts: readonly Fact[]): string {
  return facts
    .map((f) => {
      const source = SOURCES[f];
      return source.includes(' ')
        ? `${f} (${source})`
        : `${f} (discovery found none in this target's answers; list one in the target file's \`${source}\`)`;
    })
    .join('; ');
}
