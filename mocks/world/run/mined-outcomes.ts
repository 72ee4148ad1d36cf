import { amountOf } from '../amount.ts';
import { Cl, deserializePostConditionWire, wireToPostCondition } from '@stacks/transactions';
import type { EngineEvent, EngineRefusal, TxOutcome } from '../../clarity/engine.ts';
import { postConditionFailure } from '../../clarity/post-conditions.ts';
import { errNonePair, okTruePair, pairOf } from '../derive/clarity.ts';
import { clarityTxOf, type Chain } from '../tables/chain.ts';
import type { RecordedEvent } from '../tables/clarity-txs.ts';
import { EventKind, Status } from '../tables/kinds.ts';
import { postConditionModeOf } from '../tables/tx-flags.ts';
import type { TxTable } from '../tables/tx-table.ts';

/**
 * Records in its `clarityTxs` entry what running row `row` of `table` in the engine did, as a
 * node records it, and answers its status: a deployment that does not analyse or a call that
 * fails at run time (`refused`) is `abort_by_response` with `(err none)` and the reason in
 * `vm_error`; `(err …)` is `abort_by_response` (the engine took its effects back); `(ok …)`
 * whose post-conditions fail on its events is `abort_by_post_condition`, with the node's reason
 * and the result it would have had; anything else succeeded, with its events and costs.
 */
export function recordOutcome(
  chain: Chain,
  table: TxTable,
  row: number,
  ran: TxOutcome | EngineRefusal,
): Status {
  const entry = clarityTxOf(chain, table, row);
  if (!entry) throw new Error(`row ${row} is no transaction only the engine runs`);
  if (!('committed' in ran)) {
    entry.outcome = {
      status: Status.AbortByResponse,
      result: errNonePair(),
      vmError: ran.reason,
      events: [],
    };
    return Status.AbortByResponse;
  }
  const result = entry.payload.kind === 'deploy' ? okTruePair() : pairOf(Cl.deserialize(ran.result));
  if (!ran.committed) {
    entry.outcome = { status: Status.AbortByResponse, result, vmError: null, events: [], costs: ran.costs };
    return Status.AbortByResponse;
  }
  const failure = postConditionFailure(
    entry.postConditions.map((hex) => wireToPostCondition(deserializePostConditionWire(hex))),
    postConditionModeOf(table, row),
    chain.principals.name(table.sender[row] as number),
    ran.events,
  );
  if (failure !== undefined) {
    entry.outcome = {
      status: Status.AbortByPostCondition,
      result,
      vmError: failure,
      events: [],
      costs: ran.costs,
    };
    return Status.AbortByPostCondition;
  }
  entry.outcome = {
    status: Status.Success,
    result,
    vmError: null,
    events: ran.events.flatMap((e) => recordedEvent(chain, e) ?? []),
    costs: ran.costs,
  };
  return Status.Success;
}

/**
 * An engine event in the world's terms: its parties as the world's principals (an address first
 * seen here is registered), its asset as the contract that defines it. Undefined for what the
 * world cannot index: a principal or contract it does not know, a second token of a contract, an
 * NFT whose value is not a uint.
 */
function recordedEvent(chain: Chain, { type, data }: EngineEvent): RecordedEvent | undefined {
  const party = (field: string): number | undefined => {
    const name = data[field];
    if (typeof name !== 'string') return -1;
    const known = chain.principals.find(name);
    if (known >= 0) return known;
    return name.includes('.') ? undefined : chain.principals.addStandard(name);
  };
  const amount = amountOf(BigInt(String(data.amount ?? data.locked_amount ?? 0)));
  const sender = party('sender');
  const recipient = party('recipient');
  if (sender === undefined || recipient === undefined) return undefined;
  if (type === 'print_event') {
    const contract = contractIndex(chain, String(data.contract_identifier));
    if (contract === undefined) return undefined;
    return { kind: EventKind.Log, sender: -1, recipient: -1, contract, amount: 0, value: valueOf(data) };
  }
  const kind = KINDS[type];
  if (kind === undefined) return undefined;
  if (kind <= EventKind.StxBurn) return { kind, sender, recipient, contract: -1, amount };
  const contract = assetContract(chain, String(data.asset_identifier));
  if (contract === undefined) return undefined;
  if (kind <= EventKind.FtBurn) return { kind, sender, recipient, contract, amount };
  const value = valueOf(data);
  const id = Cl.deserialize(value.hex);
  // The world's NFT ids are uints (its holdings, its address events): another value is left out.
  if (id.type !== 'uint') return undefined;
  return { kind, sender, recipient, contract, amount: Number(id.value), value };
}

const KINDS: Record<string, EventKind> = {
  stx_transfer_event: EventKind.StxTransfer,
  stx_mint_event: EventKind.StxMint,
  stx_burn_event: EventKind.StxBurn,
  ft_transfer_event: EventKind.FtTransfer,
  ft_mint_event: EventKind.FtMint,
  ft_burn_event: EventKind.FtBurn,
  nft_transfer_event: EventKind.NftTransfer,
  nft_mint_event: EventKind.NftMint,
  nft_burn_event: EventKind.NftBurn,
};

function valueOf(data: Record<string, unknown>): { hex: string; repr: string } {
  const hex = String(data.raw_value);
  return pairOf(Cl.deserialize(hex.startsWith('0x') ? hex : `0x${hex}`));
}

function contractIndex(chain: Chain, id: string): number | undefined {
  const principal = chain.principals.find(id);
  const contract = principal < 0 ? -1 : (chain.principals.contractOf[principal] ?? -1);
  return contract < 0 ? undefined : contract;
}

/** The contract whose token `asset` (`<contract>::<token>`) is: the world indexes one token a contract. */
function assetContract(chain: Chain, asset: string): number | undefined {
  const contract = contractIndex(chain, asset.slice(0, asset.indexOf('::')));
  return contract !== undefined && chain.contracts[contract]?.assetId === asset ? contract : undefined;
}
