import { Cl, type ClarityValue, type PostCondition, type PostConditionModeName } from '@stacks/transactions';
import { c32address } from 'c32check';
import type { EngineEvent } from './engine.ts';

/**
 * What a transaction moved out of each principal, as a stacks-node's asset map holds it: STX
 * transferred and burned, fungible tokens transferred or burned, NFT values transferred or
 * burned, STX locked. Mints move nothing out of anyone.
 */
interface AssetMap {
  /** principal → asset identifier → amount sent (STX and burns under the names `assetsOfStx` gives). */
  readonly fungible: Map<string, Map<string, bigint>>;
  /** principal → asset identifier → the values sent, as 0x-hex. */
  readonly nonFungible: Map<string, Map<string, string[]>>;
  /** principal → micro-STX locked. */
  readonly staked: Map<string, bigint>;
  /** Each (principal, asset) in the order the events moved it, for the unchecked-asset pass. */
  readonly moved: { principal: string; asset: string; nft: boolean }[];
}

let nullAssets: { stx: string; burned: string } | undefined;
/**
 * The asset names the node gives STX and burned STX, under the null principal (version 0, twenty
 * zero bytes): worked out on first use, so c32check is not evaluated with the CLI's start
 * (scripts/bundle.ts).
 */
function assetsOfStx(): { stx: string; burned: string } {
  if (!nullAssets) {
    const nul = c32address(0, '00'.repeat(20));
    nullAssets = { stx: `${nul}.STX::STX`, burned: `${nul}.BURNED::BURNED` };
  }
  return nullAssets;
}

const FUNGIBLE_CODES = { eq: 'SentEq', gt: 'SentGt', gte: 'SentGe', lt: 'SentLt', lte: 'SentLe' } as const;
const NFT_CODES = { sent: 'Sent', 'not-sent': 'NotSent', 'maybe-sent': 'MaybeSent' } as const;

/**
 * Why the transaction's post-conditions fail on what it did (`events`), in the node's words
 * (`StacksChainState::check_transaction_postconditions`): the first condition that does not
 * hold, then, in deny mode (every principal) or originator mode (the origin only), the first
 * asset moved out of a principal that no condition names. Undefined when they hold.
 */
export function postConditionFailure(
  conditions: readonly PostCondition[],
  mode: PostConditionModeName,
  origin: string,
  events: readonly EngineEvent[],
): string | undefined {
  const map = assetMapOf(events);
  const checkedFungible = new Map<string, Set<string>>();
  const checkedNft = new Map<string, Map<string, Set<string>>>();
  const check = (principal: string, asset: string): void => {
    const set = checkedFungible.get(principal) ?? new Set<string>();
    set.add(asset);
    checkedFungible.set(principal, set);
  };
  for (const pc of conditions) {
    const principal = pc.address === 'origin' ? origin : pc.address;
    switch (pc.type) {
      case 'stx-postcondition': {
        const stx = assetsOfStx();
        const transferred = sentOf(map, principal, stx.stx);
        const burned = sentOf(map, principal, stx.burned);
        const sent = transferred + burned;
        if (!holds(pc.condition, BigInt(pc.amount), sent))
          return `Post-condition check failure on STX owned by ${principal}: ${pc.amount} ${FUNGIBLE_CODES[pc.condition]} ${sent}`;
        if (transferred > 0n) check(principal, stx.stx);
        if (burned > 0n) check(principal, stx.burned);
        break;
      }
      case 'ft-postcondition': {
        const sent = sentOf(map, principal, pc.asset);
        if (!holds(pc.condition, BigInt(pc.amount), sent))
          return `Post-condition check failure on fungible asset ${pc.asset} owned by ${principal}: ${pc.amount} ${FUNGIBLE_CODES[pc.condition]} ${sent}`;
        check(principal, pc.asset);
        break;
      }
      case 'nft-postcondition': {
        const value = normalHex(Cl.serialize(pc.assetId));
        const sent = map.nonFungible.get(principal)?.get(pc.asset) ?? [];
        const wasSent = sent.includes(value);
        const ok = pc.condition === 'sent' ? wasSent : pc.condition === 'not-sent' ? !wasSent : true;
        if (!ok)
          return `Post-condition check failure on non-fungible asset ${pc.asset} owned by ${principal}: ${debugOf(pc.assetId)} ${NFT_CODES[pc.condition]} [${sent.map((v) => debugOf(Cl.deserialize(v))).join(', ')}]`;
        const assets = checkedNft.get(principal) ?? new Map<string, Set<string>>();
        assets.set(pc.asset, (assets.get(pc.asset) ?? new Set<string>()).add(value));
        checkedNft.set(principal, assets);
        break;
      }
      case 'staking-postcondition': {
        const staked = map.staked.get(principal) ?? 0n;
        if (!holds(pc.condition, BigInt(pc.amount), staked))
          return `Post-condition check failure on STX staked by ${principal}: ${pc.amount} ${FUNGIBLE_CODES[pc.condition]} ${staked}`;
        break;
      }
      case 'pox-postcondition':
        // The engine reports no PoX action apart from a lock: none was performed.
        if (pc.condition === 'will-perform')
          return `Post-condition check failure on PoX action by ${principal}: WillPerform performed=false`;
        break;
    }
  }
  for (const { principal, asset, nft } of map.moved) {
    if (mode === 'allow' || (mode === 'originator' && principal !== origin)) continue;
    if (!nft) {
      if (!checkedFungible.get(principal)?.has(asset))
        return `Post-condition check failure: Fungible asset ${asset} was moved by ${principal} but not checked`;
      continue;
    }
    const assets = checkedNft.get(principal);
    if (!assets)
      return `Post-condition check failure: No checks for non-fungible asset ${asset} moved by ${principal}`;
    const values = assets.get(asset);
    if (!values)
      return `Post-condition check failure: Non-fungible asset ${asset} was moved by ${principal} but not checked`;
    for (const value of map.nonFungible.get(principal)?.get(asset) ?? [])
      if (!values.has(value))
        return `Post-condition check failure: Non-fungible asset ${asset} value ${debugOf(Cl.deserialize(value))} was moved by ${principal} but not checked`;
  }
  return undefined;
}

function holds(code: keyof typeof FUNGIBLE_CODES, condition: bigint, sent: bigint): boolean {
  switch (code) {
    case 'eq':
      return sent === condition;
    case 'gt':
      return sent > condition;
    case 'gte':
      return sent >= condition;
    case 'lt':
      return sent < condition;
    case 'lte':
      return sent <= condition;
  }
}

function sentOf(map: AssetMap, principal: string, asset: string): bigint {
  return map.fungible.get(principal)?.get(asset) ?? 0n;
}

function assetMapOf(events: readonly EngineEvent[]): AssetMap {
  const map: AssetMap = { fungible: new Map(), nonFungible: new Map(), staked: new Map(), moved: [] };
  const note = (principal: string, asset: string, nft: boolean): void => {
    if (!map.moved.some((m) => m.principal === principal && m.asset === asset))
      map.moved.push({ principal, asset, nft });
  };
  const addFungible = (principal: string, asset: string, amount: bigint): void => {
    const assets = map.fungible.get(principal) ?? new Map<string, bigint>();
    assets.set(asset, (assets.get(asset) ?? 0n) + amount);
    map.fungible.set(principal, assets);
    note(principal, asset, false);
  };
  for (const { type, data } of events) {
    const sender = String(data.sender ?? '');
    switch (type) {
      case 'stx_transfer_event':
        addFungible(sender, assetsOfStx().stx, BigInt(String(data.amount)));
        break;
      case 'stx_burn_event':
        addFungible(sender, assetsOfStx().burned, BigInt(String(data.amount)));
        break;
      case 'ft_transfer_event':
      case 'ft_burn_event':
        addFungible(sender, String(data.asset_identifier), BigInt(String(data.amount)));
        break;
      case 'nft_transfer_event':
      case 'nft_burn_event': {
        const asset = String(data.asset_identifier);
        const assets = map.nonFungible.get(sender) ?? new Map<string, string[]>();
        assets.set(asset, [...(assets.get(asset) ?? []), normalHex(String(data.raw_value))]);
        map.nonFungible.set(sender, assets);
        note(sender, asset, true);
        break;
      }
      case 'stx_lock_event': {
        const who = String(data.locked_address);
        map.staked.set(who, (map.staked.get(who) ?? 0n) + BigInt(String(data.locked_amount)));
        break;
      }
    }
  }
  return map;
}

function normalHex(hex: string): string {
  return hex.replace(/^0x/, '').toLowerCase();
}

/** A Clarity value as the node's Rust `Debug` prints the common ones (`UInt(1)`); else its Clarity form. */
function debugOf(value: ClarityValue): string {
  switch (value.type) {
    case 'uint':
      return `UInt(${value.value})`;
    case 'int':
      return `Int(${value.value})`;
    default:
      return Cl.prettyPrint(value);
  }
}
