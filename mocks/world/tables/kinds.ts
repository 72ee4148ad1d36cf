// Small integer codes stored in the typed-array tables, and their API names.

export const Action = {
  Coinbase: 0,
  TenureChange: 1,
  PoisonMicroblock: 2,
  StxTransfer: 3,
  Deploy: 4,
  Genesis: 5,
  FtTransfer: 6,
  FtMint: 7,
  FtBurn: 8,
  NftTransfer: 9,
  NftMint: 10,
  NftBurn: 11,
  VaultDeposit: 12,
  VaultWithdraw: 13,
  VaultSwap: 14,
  StxBurn: 15,
  StackStx: 16,
  /**
   * A call a user broadcast to a public function the mock derives nothing of: the Clarity engine
   * runs it, and its payload and outcome are the chain's `clarityTxs` entry.
   */
  ClarityCall: 17,
} as const;
export type Action = (typeof Action)[keyof typeof Action];

export const TX_TYPES = [
  'token_transfer',
  'smart_contract',
  'contract_call',
  'poison_microblock',
  'coinbase',
  'tenure_change',
] as const;
export type TxType = (typeof TX_TYPES)[number];

export function txTypeOf(action: Action): TxType {
  switch (action) {
    case Action.Coinbase:
      return 'coinbase';
    case Action.TenureChange:
      return 'tenure_change';
    case Action.PoisonMicroblock:
      return 'poison_microblock';
    case Action.StxTransfer:
      return 'token_transfer';
    case Action.Deploy:
    case Action.Genesis:
      return 'smart_contract';
    default:
      return 'contract_call';
  }
}

/** Mempool statistics report exactly these types (the others never wait in a mempool). */
export const MEMPOOL_TX_TYPES = [
  'token_transfer',
  'smart_contract',
  'contract_call',
  'poison_microblock',
] as const;
export type MempoolTxType = (typeof MEMPOOL_TX_TYPES)[number];

export const TX_STATUSES = [
  'success',
  'abort_by_response',
  'abort_by_post_condition',
  'pending',
  'dropped_replace_by_fee',
  'dropped_replace_across_fork',
  'dropped_too_expensive',
  'dropped_stale_garbage_collect',
  'dropped_problematic',
  'problematic_skipped',
] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

export const Status = {
  Success: 0,
  AbortByResponse: 1,
  AbortByPostCondition: 2,
  Pending: 3,
  DroppedReplaceByFee: 4,
  DroppedReplaceAcrossFork: 5,
  DroppedTooExpensive: 6,
  DroppedStaleGarbageCollect: 7,
  DroppedProblematic: 8,
  /**
   * Mined but not executed: the block marked it problematic (epoch 4, v9). The fee is paid and the
   * nonces taken; it has no events, no execution cost, and returns `(err none)`. Only a world
   * file declares one.
   */
  ProblematicSkipped: 9,
} as const;
export type Status = (typeof Status)[keyof typeof Status];

export const DROPPED_STATUSES: readonly Status[] = [
  Status.DroppedReplaceByFee,
  Status.DroppedReplaceAcrossFork,
  Status.DroppedTooExpensive,
  Status.DroppedStaleGarbageCollect,
  Status.DroppedProblematic,
];

export function statusName(status: Status): TxStatus {
  return TX_STATUSES[status] as TxStatus;
}

/**
 * A tenure change's cause, by the code a stacks-node encodes (stacks-core's `TenureChangeCause`):
 * a tenure starts `block_found`; `extended` extends every budget; the `extended_*` causes (SIP-034,
 * epoch 4, the real service's v9) one budget each, which only a world file declares.
 */
export const TENURE_CAUSES = [
  'block_found',
  'extended',
  'extended_runtime',
  'extended_read_count',
  'extended_read_length',
  'extended_write_count',
  'extended_write_length',
] as const;
export type TenureCause = (typeof TENURE_CAUSES)[number];

export const EventKind = {
  StxTransfer: 0,
  StxMint: 1,
  StxBurn: 2,
  FtTransfer: 3,
  FtMint: 4,
  FtBurn: 5,
  NftTransfer: 6,
  NftMint: 7,
  NftBurn: 8,
  Log: 9,
  StxLock: 10,
} as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

export type AssetClass = 'stx' | 'ft' | 'nft';
export type AssetEventType = 'transfer' | 'mint' | 'burn';

export interface AssetMovement {
  readonly asset: AssetClass;
  readonly type: AssetEventType;
}

/** By event kind: indexes walk every event of every transaction, so the answers are made once. */
const MOVEMENTS: readonly (AssetMovement | undefined)[] = Object.values(EventKind).map((kind) =>
  kind === EventKind.Log || kind === EventKind.StxLock
    ? undefined
    : Object.freeze({
        asset: kind <= EventKind.StxBurn ? 'stx' : kind <= EventKind.FtBurn ? 'ft' : 'nft',
        type: (['transfer', 'mint', 'burn'] as const)[kind % 3] as AssetEventType,
      }),
);

/** The asset class and movement of a transfer-like event; undefined for logs and locks. */
export function assetMovement(kind: EventKind): AssetMovement | undefined {
  return MOVEMENTS[kind];
}

export const ContractKind = {
  Ft: 0,
  Nft: 1,
  Vault: 2,
  Plain: 3,
  Pox: 4,
  Genesis: 5,
  /**
   * A contract a user broadcast: its source is the deployment's `clarityTxs` entry, only the
   * Clarity engine knows what it does, and the world's own activity never calls it.
   */
  Broadcast: 6,
  /**
   * One of the node's boot contracts besides pox-4 and genesis (BNS, the costs contracts, …),
   * deployed in the world's boot block. Its source is the node's, which the mock does not ship:
   * the world holds a stand-in, the contract routes the Clarity engine's.
   */
  Boot: 7,
  /**
   * The BNS boot contract (`bns`): deployed in the boot block like every other boot contract
   * (`Boot`), and called by the world (world/generate/bns-names.ts); its asset is BNS's `names`.
   */
  Bns: 8,
} as const;
export type ContractKind = (typeof ContractKind)[keyof typeof ContractKind];

/** One of the node's boot contracts besides pox-4 and genesis: its source is the engine's, not the world's. */
export function isNodeBootContract(kind: ContractKind): boolean {
  return kind === ContractKind.Boot || kind === ContractKind.Bns;
}

export const AnchorMode = { OnChainOnly: 1, OffChainOnly: 2, Any: 3 } as const;

/**
 * A transaction's flag bits above its anchor mode (bits 0-1): the post-condition mode and the
 * post-conditions v9 added, which only a world file declares (the generated world has none).
 */
export const PcFlag = {
  Deny: 4,
  /** `post_condition_mode: originator` (v9, epoch 4); wins over Deny. */
  Originator: 8,
  /** A `staking` post-condition on the sender. */
  Staking: 16,
  /** A `pox` post-condition on the sender. */
  Pox: 32,
  /** An NFT post-condition `maybe_sent` instead of `sent`. */
  MaybeSent: 64,
  /**
   * Its derived post-conditions are ones its movement violates: drafted to abort by
   * post-condition. Kept with the row rather than read off its status, so its bytes (and so its
   * id) stay the same when a reorg sends it back to the mempool and a block mines it again.
   */
  Violated: 128,
} as const;
export type AnchorMode = (typeof AnchorMode)[keyof typeof AnchorMode];
