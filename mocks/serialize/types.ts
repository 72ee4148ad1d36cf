// The API shapes the mock answers with, taken from the types generated from spec/openapi.yaml,
// so the serializers cannot drift from the spec without the compiler saying so.
import type { components } from '../../spec/types.ts';
import type { ClarityPair } from '../world/derive/clarity.ts';
import type { MempoolTxType, TxStatus } from '../world/tables/kinds.ts';
import type { TxPayload } from '../world/wire/shapes.ts';

export type { ClarityPair, MempoolTxType, TxStatus };
export type {
  FunctionArg,
  FungibleConditionCode,
  PostCondition,
  PostConditionAsset,
  PostConditionPrincipal,
  TxPayload,
} from '../world/wire/shapes.ts';

type Schemas = components['schemas'];

export type Block = Schemas['Block'];
export type BlockWithTransactionIds = Schemas['BlockWithTransactionIds'];
export type NftEvent = Schemas['NftEvent'];
/** The common fields but the two whose values the form (pending or confirmed) and the payload decide. */
export type TxBase = Omit<Schemas['TransactionCommon'], 'tx_status' | 'tx_type'>;
export type ConfirmedFields = Schemas['ConfirmedTransactionFields'];
export type PendingFields = Schemas['PendingTransactionFields'];
export type ConfirmedTransaction = TxBase & ConfirmedFields & TxPayload;
export type PendingTransaction = TxBase & PendingFields & TxPayload;
export type TransactionEvent = Schemas['TransactionEvent'];
export type AddressTxEvent = Schemas['AddressTransactionEvent'];
export type AssetMovement = Schemas['AssetMovement'];
/** A history item: with the ft and nft arrays the description lists (operation 6). */
export type TxWithTransfers = Omit<
  Schemas['TransactionWithTransfers'],
  'tx' | 'ft_transfers' | 'nft_transfers'
> & {
  tx: ConfirmedTransaction;
  ft_transfers: Schemas['FtTransfer'][];
  nft_transfers: Schemas['NftTransfer'][];
};
/** Operation 8's answer: the real service leaves the ft and nft arrays out (docs/real-service.md). */
export type SingleTxWithTransfers = Omit<TxWithTransfers, 'ft_transfers' | 'nft_transfers'>;
export type StxBalance = Schemas['StxBalance'];
export type Balances = Schemas['AddressBalances'];
export type MempoolStats = Schemas['MempoolTransactionStats'];
export type Percentiles = Schemas['Percentiles'];
export type ServerStatus = Schemas['ServerStatus'];
export type TxListEntry =
  | { found: true; result: ConfirmedTransaction | PendingTransaction }
  | { found: false; result: { tx_id: string } };
export type AddressNonces = Schemas['AddressNonces'];
export type AccountData = Schemas['AccountData'];
export type FeeTransactionResponse = Schemas['FeeTransactionResponse'];
export type TransactionSummary = Schemas['TransactionSummary'];
export type V3Transaction = Schemas['V3Transaction'];
export type V3MempoolTransaction = Schemas['V3MempoolTransaction'];
export type V3MempoolTransactionSummary = Schemas['V3MempoolTransactionSummary'];
export type PrincipalNonces = Schemas['PrincipalNonces'];
export type PrincipalTransactionSummary = Schemas['PrincipalTransactionSummary'];
export type BalanceChange = Schemas['BalanceChange'];
export type PrincipalTransactionBalanceChange = Schemas['PrincipalTransactionBalanceChange'];
export type PrincipalStxBalance = Schemas['PrincipalStxBalance'];
export type PrincipalStxBalanceV2 = Schemas['PrincipalStxBalanceV2'];
export type PrincipalNftPosition = Schemas['PrincipalNftPosition'];
export type AddressTransaction = Omit<Schemas['AddressTransaction'], 'tx'> & { tx: ConfirmedTransaction };
export type CoreNodeInfo = Schemas['CoreNodeInfo'];
export type PoxInfo = Schemas['PoxInfo'];
export type SmartContract = Schemas['SmartContract'];
export type SmartContractLogEvent = Schemas['SmartContractLogEvent'];
