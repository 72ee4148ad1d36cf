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

/** What a drafter settles of a transaction: its sender and what its kind needs. */
export type TxParts = Partial<TxIntent> & { sender: number };

/**
 * Drafts the parts of one kind of transaction that fit the balances now, or undefined. `ownFee` is
 * what the sender pays (0 when sponsored).
 */
type Drafter = (ctx: DraftContext, req: DraftRequest, ownFee: number) => TxParts | undefined;

function stxTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, deployed } = ctx;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return undefined;
  const room = spendable(ctx, sender) - ownFee;
  const amount = 1000 + Math.floor(Math.min(room - 1000, 200_000 * STX) * 0.25 * rng.next());
  const contracts = deployed.vault.length + deployed.plain.length;
  const pick = rng.int(contracts);
  const target =
    pick < deployed.vault.length ? deployed.vault[pick] : deployed.plain[pick - deployed.vault.length];
  const peer = rng.chance(0.1) && target !== undefined ? principalOf(ctx, target) : otherAccount(ctx, sender);
  const aux = rng.chance(0.4) ? 1 + rng.int(ctx.memoCount - 1) : 0;
  return { sender, peer, amount, aux, deny: rng.chance(0.3) };
}

function ftTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.ft);
  if (contract < 0) return undefined;
  const sender = pickFtHolder(ctx, contract, ownFee);
  if (sender < 0) return undefined;
  const amount = 1 + Math.floor(drawable(ledger.ftOf(contract, sender)) * 0.5 * rng.next());
  const peer =
    rng.chance(0.1) && deployed.vault.length > 0
      ? principalOf(ctx, rng.pick(deployed.vault))
      : otherAccount(ctx, sender);
  return {
    sender,
    contract,
    peer,
    amount: Math.min(amount, drawable(ledger.ftOf(contract, sender))),
    deny: rng.chance(0.8),
  };
}

function ftMint(ctx: DraftContext, req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, deployed } = ctx;
  // Funding a vault mints its pair token into it: that is the vault's swap liquidity.
  const vault = req.toVault || rng.chance(0.1) ? pickFrom(rng, deployed.vault) : -1;
  const contract = vault >= 0 ? (ctx.contracts[vault] as Contract).pair : pickFrom(rng, deployed.ft);
  if (contract < 0) return undefined;
  const sender = (ctx.contracts[contract] as Contract).deployer;
  if (spendable(ctx, sender) < ownFee) return undefined;
  const peer = vault >= 0 ? principalOf(ctx, vault) : (ctx.accounts[rng.int(ctx.accounts.length)] as number);
  const amount = vault >= 0 ? 100_000 * STX : rng.range(STX, 10_000 * STX);
  return { sender, contract, peer, amount };
}

function ftBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.ft);
  if (contract < 0) return undefined;
  const sender = pickFtHolder(ctx, contract, ownFee);
  if (sender < 0) return undefined;
  const amount = 1 + Math.floor((drawable(ledger.ftOf(contract, sender)) - 1) * 0.2 * rng.next());
  return { sender, contract, amount, deny: true };
}

/** An NFT of a deployed collection whose owner can pay the fee, with its collection. */
function ownedNft(
  ctx: DraftContext,
  ownFee: number,
): { contract: number; id: number; owner: number } | undefined {
  const contract = pickFrom(ctx.rng, ctx.deployed.nft);
  if (contract < 0) return undefined;
  const token = pickOwnedNft(ctx, contract, ownFee);
  return token && { contract, ...token };
}

function nftTransfer(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, deployed } = ctx;
  const token = ownedNft(ctx, ownFee);
  if (!token) return undefined;
  const peer =
    rng.chance(0.05) && deployed.plain.length > 0
      ? principalOf(ctx, rng.pick(deployed.plain))
      : otherAccount(ctx, token.owner);
  return { sender: token.owner, contract: token.contract, peer, amount: token.id, deny: rng.chance(0.8) };
}

function nftBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const token = ownedNft(ctx, ownFee);
  return token && { sender: token.owner, contract: token.contract, amount: token.id, deny: true };
}

function nftMint(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.nft);
  if (contract < 0) return undefined;
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return undefined;
  const peer = rng.chance(0.7) ? sender : otherAccount(ctx, sender);
  return { sender, contract, peer, amount: ledger.nextNftId(contract) };
}

/**
 * A vault, then a payer with a whole STX beyond its fee, and `room`: what that payer can spend
 * beyond the fee. Drawn in this order, which every seeded world depends on.
 */
function vaultAndPayer(
  ctx: DraftContext,
  ownFee: number,
): { contract: number; sender: number; room: number } | undefined {
  const contract = pickFrom(ctx.rng, ctx.deployed.vault);
  if (contract < 0) return undefined;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return undefined;
  return { contract, sender, room: spendable(ctx, sender) - ownFee };
}

function vaultDeposit(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const picked = vaultAndPayer(ctx, ownFee);
  if (!picked) return undefined;
  const { contract, sender, room } = picked;
  const amount = 100_000 + Math.floor(Math.min(room - 100_000, 100_000 * STX) * 0.1 * ctx.rng.next());
  return { sender, contract, amount, deny: ctx.rng.chance(0.7) };
}

function vaultWithdraw(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, deployed } = ctx;
  const contract = pickFrom(rng, deployed.vault);
  if (contract < 0) return undefined;
  const held = spendable(ctx, principalOf(ctx, contract));
  if (held < STX) return undefined;
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return undefined;
  return { sender, contract, amount: 1 + Math.floor(held * 0.2 * rng.next()), deny: rng.chance(0.7) };
}

function vaultSwap(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const { rng, ledger, deployed } = ctx;
  const contract = pickFrom(rng, deployed.vault);
  if (contract < 0) return undefined;
  const vault = ctx.contracts[contract] as Contract;
  const liquidity = drawable(ledger.ftOf(vault.pair, vault.principal));
  if (liquidity < 10) return undefined;
  const sender = pickPayer(ctx, ownFee + STX);
  if (sender < 0) return undefined;
  const room = Math.min((spendable(ctx, sender) - ownFee) * 0.1, (liquidity - 1) * 100);
  const amount = 100 + Math.floor((room - 100) * rng.next());
  if (amount < 100 || Number(swapOut(amount)) > liquidity) return undefined;
  return { sender, contract, amount, deny: rng.chance(0.7) };
}

function stxBurn(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const picked = vaultAndPayer(ctx, ownFee);
  if (!picked) return undefined;
  const { contract, sender, room } = picked;
  return {
    sender,
    contract,
    amount: 1000 + Math.floor(Math.min(room * 0.01, 1000 * STX) * ctx.rng.next()),
    deny: true,
  };
}

function stackStx(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const sender = pickStacker(ctx, ownFee);
  if (sender < 0) return undefined;
  const room = spendable(ctx, sender) - ownFee;
  const amount = Math.floor((room * (0.4 + 0.5 * ctx.rng.next())) / STX) * STX;
  const aux = ctx.rng.range(1, 12);
  // pox-4 refuses a lock under its minimum, the liquid supply over STACKING_THRESHOLD_25 (err u11):
  // a world file's whale can raise it past what the seed's stackers hold.
  if (BigInt(amount) < bigAmount(ctx.ledger.totalStx()) / BigInt(ctx.stackingMinimumDivisor))
    return undefined;
  return { sender, contract: ctx.poxContract, amount, aux };
}

/** Seeded deployments: mostly plain contracts, some tokens. */
const DEPLOY_KINDS = [
  ContractKind.Plain,
  ContractKind.Plain,
  ContractKind.Plain,
  ContractKind.Ft,
  ContractKind.Nft,
] as const;

function deploy(ctx: DraftContext, req: DraftRequest, ownFee: number): TxParts | undefined {
  const sender = pickPayer(ctx, ownFee);
  if (sender < 0) return undefined;
  const deployKind = req.kind ?? DEPLOY_KINDS[ctx.rng.int(DEPLOY_KINDS.length)];
  if (deployKind === ContractKind.Vault && ctx.deployed.ft.length === 0) return undefined;
  return { sender, deployKind };
}

function poisonMicroblock(ctx: DraftContext, _req: DraftRequest, ownFee: number): TxParts | undefined {
  const sender = pickPayer(ctx, ownFee);
  return sender < 0 ? undefined : { sender };
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
