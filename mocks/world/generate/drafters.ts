import { bigAmount } from '../amount.ts';
import type { Contract } from '../tables/contracts.ts';
import { swapOut } from '../derive/events.ts';
import { Action, ContractKind } from '../tables/kinds.ts';
import type { DraftContext, DraftRequest, TxIntent } from './draft-tx.ts';
import {
  otherAccount,
  pickFrom,
  pickFtHolder,
  pickOwnedNft,
  pickPayer,
  pickStacker,
  principalOf,
  spendable,
  drawable,
  STX,
} from './picks.ts';

/**
 * Drafts the parts of one kind of transaction that fit the balances now into `tx` (its sender and
 * what its kind needs; the other fields keep their defaults), or answers false when none fits.
 * `ownFee` is what the sender pays (0 when sponsored). Written into the intent rather than
 * returned as parts: one object a transaction, of one shape, where parts came in a dozen shapes
 * that every read of them had to tell apart.
 */
type Drafter = (ctx: DraftContext, req: DraftRequest, ownFee: number, tx: TxIntent) => boolean;

function stxTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, deployed } = ctx;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return false;
  const room = spendable(ctx, sender) - ownFee;
  const amount = 1000 + Math.floor(Math.min(room - 1000, 200_000 * STX) * 0.25 * rng.next());
  const contracts = deployed.vault.length + deployed.plain.length;
  const pick = rng.int(contracts);
  const target =
    pick < deployed.vault.length ? deployed.vault[pick] : deployed.plain[pick - deployed.vault.length];
  const peer = rng.chance(0.1) && target !== undefined ? principalOf(ctx, target) : otherAccount(ctx, sender);
  tx.sender = sender;
  tx.peer = peer;
  tx.amount = amount;
  tx.aux = rng.chance(0.4) ? 1 + rng.int(ctx.memoCount - 1) : 0;
  tx.deny = rng.chance(0.3);
  return true;
}

function ftTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.ft);
  if (contract < 0) return false;
  const sender = pickFtHolder(ctx, contract, ownFee);
  if (sender < 0) return false;
  const balance = drawable(ledger.ftOf(contract, sender));
  const amount = 1 + Math.floor(balance * 0.5 * rng.next());
  tx.sender = sender;
  tx.contract = contract;
  tx.peer =
    rng.chance(0.1) && deployed.vault.length > 0
      ? principalOf(ctx, rng.pick(deployed.vault))
      : otherAccount(ctx, sender);
  tx.amount = Math.min(amount, balance);
  tx.deny = rng.chance(0.8);
  return true;
}

function ftMint(ctx: DraftContext, req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, deployed } = ctx;
  // Funding a vault mints its pair token into it: that is the vault's swap liquidity.
  const vault = req.toVault || rng.chance(0.1) ? pickFrom(rng, deployed.vault) : -1;
  const contract = vault >= 0 ? (ctx.contracts[vault] as Contract).pair : pickFrom(rng, deployed.ft);
  if (contract < 0) return false;
  const sender = (ctx.contracts[contract] as Contract).deployer;
  if (spendable(ctx, sender) < ownFee) return false;
  tx.sender = sender;
  tx.contract = contract;
  tx.peer = vault >= 0 ? principalOf(ctx, vault) : (ctx.accounts[rng.int(ctx.accounts.length)] as number);
  tx.amount = vault >= 0 ? 100_000 * STX : rng.range(STX, 10_000 * STX);
  return true;
}

function ftBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.ft);
  if (contract < 0) return false;
  const sender = pickFtHolder(ctx, contract, ownFee);
  if (sender < 0) return false;
  tx.sender = sender;
  tx.contract = contract;
  tx.amount = 1 + Math.floor((drawable(ledger.ftOf(contract, sender)) - 1) * 0.2 * rng.next());
  tx.deny = true;
  return true;
}

/** An NFT of a deployed collection whose owner can pay the fee: its owner, collection and id go in `tx`. */
function ownedNft(ctx: DraftContext, ownFee: number, tx: TxIntent): boolean {
  const contract = pickFrom(ctx.rng, ctx.deployed.nft);
  if (contract < 0) return false;
  const token = pickOwnedNft(ctx, contract, ownFee);
  if (!token) return false;
  tx.sender = token.owner;
  tx.contract = contract;
  tx.amount = token.id;
  return true;
}

function nftTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, deployed } = ctx;
  if (!ownedNft(ctx, ownFee, tx)) return false;
  tx.peer =
    rng.chance(0.05) && deployed.plain.length > 0
      ? principalOf(ctx, rng.pick(deployed.plain))
      : otherAccount(ctx, tx.sender);
  tx.deny = rng.chance(0.8);
  return true;
}

function nftBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  if (!ownedNft(ctx, ownFee, tx)) return false;
  tx.deny = true;
  return true;
}

function nftMint(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.nft);
  if (contract < 0) return false;
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return false;
  tx.sender = sender;
  tx.contract = contract;
  tx.peer = rng.chance(0.7) ? sender : otherAccount(ctx, sender);
  tx.amount = ledger.nextNftId(contract);
  return true;
}

/**
 * A vault (`tx.contract`), then a payer with a whole STX beyond its fee (`tx.sender`); answers
 * `room`, what that payer can spend beyond the fee, or -1 when there is no vault or payer. Drawn
 * in this order, which every seeded world depends on.
 */
function vaultAndPayer(ctx: DraftContext, ownFee: number, tx: TxIntent): number {
  const contract = pickFrom(ctx.rng, ctx.deployed.vault);
  if (contract < 0) return -1;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return -1;
  tx.sender = sender;
  tx.contract = contract;
  return spendable(ctx, sender) - ownFee;
}

function vaultDeposit(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const room = vaultAndPayer(ctx, ownFee, tx);
  if (room < 0) return false;
  tx.amount = 100_000 + Math.floor(Math.min(room - 100_000, 100_000 * STX) * 0.1 * ctx.rng.next());
  tx.deny = ctx.rng.chance(0.7);
  return true;
}

function vaultWithdraw(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, deployed } = ctx;
  const contract = pickFrom(rng, deployed.vault);
  if (contract < 0) return false;
  const held = spendable(ctx, principalOf(ctx, contract));
  if (held < STX) return false;
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return false;
  tx.sender = sender;
  tx.contract = contract;
  tx.amount = 1 + Math.floor(held * 0.2 * rng.next());
  tx.deny = rng.chance(0.7);
  return true;
}

function vaultSwap(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.vault);
  if (contract < 0) return false;
  const vault = ctx.contracts[contract] as Contract;
  const liquidity = drawable(ledger.ftOf(vault.pair, vault.principal));
  if (liquidity < 10) return false;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return false;
  const room = Math.min((spendable(ctx, sender) - ownFee) * 0.1, (liquidity - 1) * 100);
  const amount = 100 + Math.floor((room - 100) * rng.next());
  if (amount < 100 || Number(swapOut(amount)) > liquidity) return false;
  tx.sender = sender;
  tx.contract = contract;
  tx.amount = amount;
  tx.deny = rng.chance(0.7);
  return true;
}

function stxBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const room = vaultAndPayer(ctx, ownFee, tx);
  if (room < 0) return false;
  tx.amount = 1000 + Math.floor(Math.min(room * 0.01, 1000 * STX) * ctx.rng.next());
  tx.deny = true;
  return true;
}

function stackStx(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const sender = pickStacker(ctx, ownFee);
  if (sender < 0) return false;
  const room = spendable(ctx, sender) - ownFee;
  const amount = Math.floor((room * (0.4 + 0.5 * ctx.rng.next())) / STX) * STX;
  const aux = ctx.rng.range(1, 12);
  // pox-4 refuses a lock under its minimum, the liquid supply over STACKING_THRESHOLD_25 (err u11):
  // a world file's whale can raise it past what the seed's stackers hold.
  if (BigInt(amount) < bigAmount(ctx.ledger.totalStx()) / BigInt(ctx.stackingMinimumDivisor)) return false;
  tx.sender = sender;
  tx.contract = ctx.poxContract;
  tx.amount = amount;
  tx.aux = aux;
  return true;
}

/** Seeded deployments: mostly plain contracts, some tokens. */
const DEPLOY_KINDS = [
  ContractKind.Plain,
  ContractKind.Plain,
  ContractKind.Plain,
  ContractKind.Ft,
  ContractKind.Nft,
] as const;

function deploy(ctx: DraftContext, req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return false;
  const deployKind = req.kind ?? DEPLOY_KINDS[ctx.rng.int(DEPLOY_KINDS.length)];
  if (deployKind === ContractKind.Vault && ctx.deployed.ft.length === 0) return false;
  tx.sender = sender;
  tx.deployKind = deployKind;
  return true;
}

function poisonMicroblock(ctx: DraftContext, _req: DraftRequest, ownFee: number, tx: TxIntent): boolean {
  tx.sender = pickPayer(ctx, ownFee);
  return tx.sender >= 0;
}

/** One drafter per kind of transaction a user sends; the chain's own (coinbase, genesis…) have none. */
export const DRAFTERS: Readonly<Partial<Record<Action, Drafter>>> = {
  [Action.StxTransfer]: stxTransfer,
  [Action.FtTransfer]: ftTransfer,
  [Action.FtMint]: ftMint,
  [Action.FtBurn]: ftBurn,
  [Action.NftTransfer]: nftTransfer,
  [Action.NftBurn]: nftBurn,
  [Action.NftMint]: nftMint,
  [Action.VaultDeposit]: vaultDeposit,
  [Action.VaultWithdraw]: vaultWithdraw,
  [Action.VaultSwap]: vaultSwap,
  [Action.StxBurn]: stxBurn,
  [Action.StackStx]: stackStx,
  [Action.Deploy]: deploy,
  [Action.PoisonMicroblock]: poisonMicroblock,
};
