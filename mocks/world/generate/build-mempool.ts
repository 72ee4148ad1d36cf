import type { Amount } from '../amount.ts';
import { tipHeight, type Chain } from '../tables/chain.ts';
import { FT_INITIAL_SUPPLY } from '../tables/contracts.ts';
import { draftUserTx, type DraftContext, type DraftRequest, type TxIntent } from './draft-tx.ts';
import { Action, AnchorMode, ContractKind, DROPPED_STATUSES, Status } from '../tables/kinds.ts';
import { packTxFlags } from '../tables/tx-flags.ts';
import { TxTable } from '../tables/tx-table.ts';
import { writeTxId } from '../wire/tx-ids.ts';
import type { Ledger } from './ledger.ts';

export interface MempoolBuildContext {
  readonly chain: Chain;
  readonly draft: DraftContext;
  readonly nonces: number[];
  deploy(kind: ContractKind, deployer: number): number;
}

const RANDOM: readonly (readonly [Action, number])[] = [
  [Action.StxTransfer, 45],
  [Action.FtTransfer, 12],
  [Action.NftTransfer, 5],
  [Action.NftMint, 5],
  [Action.VaultDeposit, 5],
  [Action.VaultSwap, 3],
  [Action.Deploy, 8],
  [Action.PoisonMicroblock, 6],
  [Action.StackStx, 1],
];
const RANDOM_WEIGHTS = RANDOM.map(([, w]) => w);

const ARRIVING = RANDOM.filter(([action]) => action !== Action.Deploy);
const ARRIVING_WEIGHTS = ARRIVING.map(([, w]) => w);

/**
 * A new seeded pending transaction on a living chain. No deployments: a contract deployed from
 * the mempool would have to survive reorgs that forget the contracts registered after them.
 */
export function draftArriving(draft: DraftContext): TxIntent | undefined {
  const action = (ARRIVING[draft.rng.weighted(ARRIVING_WEIGHTS)] as readonly [Action, number])[0];
  return draftUserTx(draft, { action, status: Status.Pending });
}

/** Every mempool transaction type at least twice, sponsored ones included. */
const FORCED: readonly DraftRequest[] = [
  { action: Action.StxTransfer },
  { action: Action.StxTransfer, sponsored: true },
  { action: Action.Deploy, kind: ContractKind.Plain },
  { action: Action.Deploy, kind: ContractKind.Ft },
  { action: Action.FtTransfer },
  { action: Action.VaultDeposit, sponsored: true },
  { action: Action.PoisonMicroblock },
  { action: Action.PoisonMicroblock },
];

/**
 * Pending transactions (they reserve what they spend, so estimated balances stay non-negative)
 * and dropped ones (they reserve nothing and reuse a nonce, as replaced transactions do).
 */
export function buildMempool(ctx: MempoolBuildContext): { table: TxTable; receiptTime: number[] } {
  const { rng } = ctx.draft;
  const size = ctx.chain.options.mempoolSize;
  const table = new TxTable(size + DROPPED_STATUSES.length * 2);
  const receiptTime: number[] = [];
  const forced = [...FORCED];
  let pending = 0;
  for (let attempt = 0; pending < size && attempt < size * 20; attempt++) {
    const request = forced.shift() ?? {
      action: (RANDOM[rng.weighted(RANDOM_WEIGHTS)] as readonly [Action, number])[0],
    };
    const tx = draftUserTx(ctx.draft, { ...request, status: Status.Pending });
    if (!tx) continue;
    addToMempool(ctx, table, receiptTime, tx, Math.floor(rng.next() * rng.next() * 40), true);
    pending++;
  }
  for (const status of DROPPED_STATUSES) {
    for (let copy = 0; copy < 2; copy++) {
      const action = copy === 0 ? Action.StxTransfer : Action.FtTransfer;
      const tx = draftUserTx(ctx.draft, { action, status });
      if (tx) addToMempool(ctx, table, receiptTime, tx, 5 + rng.int(60), false);
    }
  }
  table.trim();
  return { table, receiptTime };
}

/** Adds one transaction received `age` blocks before the tip; pending ones reserve what they spend. */
export function addToMempool(
  ctx: MempoolBuildContext,
  table: TxTable,
  receiptTime: number[],
  tx: TxIntent,
  age: number,
  reserve: boolean,
): number {
  const { rng, ledger } = ctx.draft;
  const blocks = ctx.chain.blocks;
  const tip = tipHeight(ctx.chain);
  const height = Math.max(1, tip - age);
  const index = table.count;
  const contract = tx.deployKind === undefined ? tx.contract : ctx.deploy(tx.deployKind, tx.sender);
  table.push({
    action: tx.action,
    status: tx.status,
    flags: packTxFlags(
      tx.signed?.anchorMode ?? rng.pick([AnchorMode.OnChainOnly, AnchorMode.OffChainOnly, AnchorMode.Any]),
      tx.deny,
      tx.pcFlags,
    ),
    height,
    sender: tx.sender,
    sponsor: tx.sponsor,
    nonce: nonceFor(ctx.nonces, tx.sender, reserve),
    sponsorNonce: tx.sponsor >= 0 ? nonceFor(ctx.nonces, tx.sponsor, reserve) : 0,
    fee: tx.fee,
    contract,
    peer: tx.peer,
    amount: tx.deployKind === ContractKind.Ft ? FT_INITIAL_SUPPLY : tx.amount,
    aux: tx.aux,
    micro: -1,
    drafted: -1,
  });
  if (tx.signed) table.giveId(index, tx.signed.id);
  else table.drawId(index, rng);
  writeTxId(ctx.chain, table, index);
  const received = blocks.time[height - 1] as number;
  const gap = height < tip ? (blocks.time[height] as number) - received : 120;
  receiptTime.push(received + rng.range(1, Math.max(1, gap - 1)));
  if (reserve) reserveSpend(ledger, table, index);
  return index;
}

/** What a pending transaction spends, held back so later drafts cannot spend it twice. */
export function reservation(table: TxTable, tx: number): { payer: number; fee: number; amount: Amount } {
  const sponsor = table.sponsor.at(tx);
  return {
    payer: sponsor >= 0 ? sponsor : (table.sender[tx] as number),
    fee: table.fee.at(tx),
    amount: table.action[tx] === Action.StxTransfer ? table.amount.at(tx) : 0,
  };
}

function reserveSpend(ledger: Ledger, table: TxTable, tx: number): void {
  const r = reservation(table, tx);
  ledger.debit(r.payer, r.fee);
  ledger.debit(table.sender[tx] as number, r.amount);
}

function nonceFor(nonces: number[], principal: number, advance: boolean): number {
  const nonce = nonces[principal] ?? 0;
  if (advance) nonces[principal] = nonce + 1;
  return nonce;
}
