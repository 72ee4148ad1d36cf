import { subtractAmounts, type Amount } from '../world/amount.ts';
import { isUnanchored, type Chain } from '../world/tables/chain.ts';
import type { TxBalanceChanges } from '../world/derive/balance-changes.ts';
import { AssetType, type BalanceChangeRow } from '../query/principal-activity.ts';
import { indexBlockHash } from '../world/derive/block-hashes.ts';
import { confirmedTx } from './transaction.ts';
import type {
  AddressTransaction,
  BalanceChange,
  ConfirmedTransaction,
  PrincipalTransactionBalanceChange,
  PrincipalTransactionSummary,
  TransactionSummary,
} from './types.ts';

/**
 * A mined transaction in v3's brief form, taken from its confirmed form so that both say the same
 * thing: the sender and sponsor with their nonces, the block and burn block, the payload in brief.
 */
export function transactionSummary(chain: Chain, tx: number): TransactionSummary {
  return summaryOf(chain, tx, confirmedTx(chain, tx, 'none'));
}

/** The summary of mined transaction `tx`, from its confirmed form `c` (which the caller may use further). */
export function summaryOf(chain: Chain, tx: number, c: ConfirmedTransaction): TransactionSummary {
  const summary: TransactionSummary = {
    tx_id: c.tx_id,
    sender: { address: c.sender_address, nonce: c.nonce },
    sponsor:
      c.sponsor_address === undefined ? null : { address: c.sponsor_address, nonce: c.sponsor_nonce ?? 0 },
    fee_rate: c.fee_rate,
    block: {
      height: c.block_height,
      hash: c.block_hash,
      // An unanchored transaction has no index block yet: the real service's hash is empty.
      index_hash: isUnanchored(chain, tx) ? '0x' : indexBlockHash(chain, c.block_height),
      time: c.block_time,
      tx_index: c.tx_index,
    },
    bitcoin_block: { height: c.burn_block_height, time: c.burn_block_time },
    status: c.tx_status,
    type: c.tx_type,
  };
  return Object.assign(summary, briefPayload(c));
}

function briefPayload(c: ConfirmedTransaction): Partial<TransactionSummary> {
  switch (c.tx_type) {
    case 'token_transfer':
      return {
        token_transfer: {
          recipient: c.token_transfer.recipient_address,
          amount: c.token_transfer.amount,
          memo: { hex: c.token_transfer.memo, repr: memoText(c.token_transfer.memo) },
        },
      };
    case 'smart_contract':
      return {
        smart_contract: {
          clarity_version: c.smart_contract.clarity_version ?? null,
          contract_id: c.smart_contract.contract_id,
        },
      };
    case 'contract_call':
      return {
        contract_call: {
          contract_id: c.contract_call.contract_id,
          function_name: c.contract_call.function_name,
        },
      };
    case 'coinbase':
      return { coinbase: { alt_recipient: c.coinbase_payload.alt_recipient ?? null } };
    case 'tenure_change':
      return { tenure_change: { cause: c.tenure_change_payload.cause } };
    default:
      return {};
  }
}

/** A memo's printed form: its bytes as UTF-8 without the zero padding (and what does not decode). */
export function memoText(hex: string): string {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return new TextDecoder().decode(bytes).replace(/[\u0000\uFFFD]/g, '');
}

export function balanceChange(sent: Amount, received: Amount): BalanceChange {
  return { sent: String(sent), received: String(received), net: String(subtractAmounts(received, sent)) };
}

/** One transaction of a principal's v3 history: how the principal is involved, its STX change, what it touched. */
export function principalTransactionSummary(
  chain: Chain,
  tx: number,
  principal: string,
  changes: TxBalanceChanges,
): PrincipalTransactionSummary {
  const transaction = transactionSummary(chain, tx);
  const involvement =
    transaction.sender.address === principal
      ? 'sender'
      : transaction.sponsor?.address === principal
        ? 'sponsor'
        : 'affected';
  const stx = changes.stx ?? { sent: 0, received: 0 };
  return {
    transaction,
    involvement,
    balance_changes: { stx: balanceChange(stx.sent, stx.received) },
    affected_balances: { ...changes.affected },
  };
}

export function balanceChangeItem(row: BalanceChangeRow): PrincipalTransactionBalanceChange {
  return {
    asset:
      row.assetType === AssetType.Stx
        ? { type: 'stx' }
        : { type: row.assetType === AssetType.Ft ? 'ft' : 'nft', identifier: row.identifier },
    balance_change: balanceChange(row.sent, row.received),
  };
}

/** A transaction of an address's v2 history: the STX it sent (its fee when it paid it) and received, and its movements. */
export function addressTransaction(
  chain: Chain,
  tx: number,
  changes: TxBalanceChanges,
  excludeFunctionArgs: boolean,
): AddressTransaction {
  const confirmed = confirmedTx(chain, tx, 'none');
  if (excludeFunctionArgs && confirmed.tx_type === 'contract_call') {
    const { function_args: _, ...call } = confirmed.contract_call;
    confirmed.contract_call = call;
  }
  const stx = changes.stx ?? { sent: 0, received: 0 };
  return {
    tx: confirmed,
    stx_sent: String(stx.sent),
    stx_received: String(stx.received),
    events: {
      stx: { ...changes.counts.stx },
      ft: { ...changes.counts.ft },
      nft: { ...changes.counts.nft },
    },
  };
}
