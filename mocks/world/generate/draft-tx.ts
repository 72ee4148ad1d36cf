import type { Contract } from '../tables/contracts.ts';
import { swapOut } from '../derive/events.ts';
import { Action, ContractKind, Status, txTypeOf, type TxType } from '../tables/kinds.ts';
import type { Ledger } from './ledger.ts';
import type { Rng } from '../rng.ts';

/**
 * What a transaction does and who signs it, before the chain places it: its nonces, id, height and
 * position come later. Every kind is one: a user's transfer or call, a miner's coinbase and tenure
 * change, the boot deploys, a world file's declared transactions.
 */
export interface TxIntent {
  action: Action;
  status: Status;
  sender: number;
  sponsor: number;
  fee: number;
  contract: number;
  peer: number;
  amount: number;
  aux: number;
  deny: boolean;
  /** For deployments: the kind of contract to create. */
  deployKind?: ContractKind;
}

export interface DraftRequest {
  action: Action;
  status?: Status;
  sponsored?: boolean;
  /** FT mints: fund a vault (swap liquidity) rather than an account. */
  toVault?: boolean;
  kind?: ContractKind;
}

export interface DeployedContracts {
  readonly ft: number[];
  readonly nft: number[];
  readonly vault: number[];
  readonly plain: number[];
}

export interface DraftContext {
  readonly rng: Rng;
  readonly ledger: Ledger;
  /** Standard accounts; picks favour the first ones, so activity is uneven. */
  readonly accounts: readonly number[];
  readonly contracts: readonly Contract[];
  readonly deployed: DeployedContracts;
  readonly poxContract: number;
  readonly memoCount: number;
  readonly burnHeight: number;
  isContract(principal: number): boolean;
}

const STX = 1_000_000;

const RANDOM_ACTIONS: readonly (readonly [Action, number])[] = [
  [Action.StxTransfer, 30],
  [Action.FtTransfer, 14],
  [Action.FtMint, 4],
  [Action.FtBurn, 2],
  [Action.NftTransfer, 8],
  [Action.NftMint, 6],
  [Action.NftBurn, 1],
  [Action.VaultDeposit, 4],
  [Action.VaultWithdraw, 3],
  [Action.VaultSwap, 4],
  [Action.StxBurn, 1],
  [Action.StackStx, 0.6],
  [Action.Deploy, 0.6],
  [Action.PoisonMicroblock, 0.3],
];
const RANDOM_WEIGHTS = RANDOM_ACTIONS.map(([, w]) => w);

/** Only simple calls travel in microblocks here. */
const MICROBLOCK_ACTIONS: readonly Action[] = [
  Action.StxTransfer,
  Action.StxTransfer,
  Action.FtTransfer,
  Action.NftTransfer,
  Action.VaultDeposit,
];

const FAILABLE = new Set<Action>([
  Action.FtTransfer,
  Action.FtMint,
  Action.FtBurn,
  Action.NftTransfer,
  Action.NftMint,
  Action.VaultDeposit,
  Action.VaultWithdraw,
  Action.VaultSwap,
]);

export function randomAction(rng: Rng): Action {
  return (RANDOM_ACTIONS[rng.weighted(RANDOM_WEIGHTS)] as readonly [Action, number])[0];
}

export function randomMicroblockAction(rng: Rng): Action {
  return rng.pick(MICROBLOCK_ACTIONS);
}

/** Drafts a feasible transaction for the request, or undefined when none fits the balances now. */
export function draftUserTx(ctx: DraftContext, req: DraftRequest): TxIntent | undefined {
  const { rng } = ctx;
  const type = txTypeOf(req.action);
  const sponsored =
    req.sponsored ?? ((type === 'token_transfer' || type === 'contract_call') && rng.chance(0.06));
  const fee = feeFor(rng, type);
  let status = req.status ?? (FAILABLE.has(req.action) ? randomOutcome(rng) : Status.Success);
  // Mints carry no post-conditions, so nothing about them can fail one.
  if (
    status === Status.AbortByPostCondition &&
    (req.action === Action.FtMint || req.action === Action.NftMint)
  ) {
    status = Status.AbortByResponse;
  }
  const ownFee = sponsored ? 0 : fee;
  const tx = draftParts(ctx, req, ownFee);
  if (!tx) return undefined;
  // Field by field, not a spread: the parts come in a dozen shapes, so a spread takes V8's generic
  // object-clone path, once for every generated transaction.
  const full: TxIntent = {
    action: req.action,
    status,
    sender: tx.sender,
    sponsor: -1,
    fee,
    contract: tx.contract ?? -1,
    peer: tx.peer ?? -1,
    amount: tx.amount ?? 0,
    aux: tx.aux ?? 0,
    deny: tx.deny ?? false,
  };
  if (tx.deployKind !== undefined) full.deployKind = tx.deployKind;
  if (sponsored) {
    const sponsor = pickPayer(ctx, fee, full.sender);
    if (sponsor < 0) return undefined;
    full.sponsor = sponsor;
  }
  return full;
}

type Parts = Partial<TxIntent> & { sender: number };

function draftParts(ctx: DraftContext, req: DraftRequest, ownFee: number): Parts | undefined {
  const { rng, ledger, deployed } = ctx;
  switch (req.action) {
    case Action.StxTransfer: {
      const sender = pickPayer(ctx, ownFee + STX);
      if (sender < 0) return undefined;
      const room = spendable(ctx, sender) - ownFee;
      const amount = 1000 + Math.floor(Math.min(room - 1000, 200_000 * STX) * 0.25 * rng.next());
      const contracts = deployed.vault.length + deployed.plain.length;
      const pick = rng.int(contracts);
      const target =
        pick < deployed.vault.length ? deployed.vault[pick] : deployed.plain[pick - deployed.vault.length];
      const peer =
        rng.chance(0.1) && target !== undefined ? principalOf(ctx, target) : otherAccount(ctx, sender);
      const aux = rng.chance(0.4) ? 1 + rng.int(ctx.memoCount - 1) : 0;
      return { sender, peer, amount, aux, deny: rng.chance(0.3) };
    }
    case Action.FtTransfer: {
      const contract = pickFrom(rng, deployed.ft);
      if (contract < 0) return undefined;
      const sender = pickFtHolder(ctx, contract, ownFee);
      if (sender < 0) return undefined;
      const amount = 1 + Math.floor(ledger.ftOf(contract, sender) * 0.5 * rng.next());
      const peer =
        rng.chance(0.1) && deployed.vault.length > 0
          ? principalOf(ctx, rng.pick(deployed.vault))
          : otherAccount(ctx, sender);
      return {
        sender,
        contract,
        peer,
        amount: Math.min(amount, ledger.ftOf(contract, sender)),
        deny: rng.chance(0.8),
      };
    }
    case Action.FtMint: {
      // Funding a vault mints its pair token into it: that is the vault's swap liquidity.
      const vault = req.toVault || rng.chance(0.1) ? pickFrom(rng, deployed.vault) : -1;
      const contract = vault >= 0 ? (ctx.contracts[vault] as Contract).pair : pickFrom(rng, deployed.ft);
      if (contract < 0) return undefined;
      const sender = (ctx.contracts[contract] as Contract).deployer;
      if (spendable(ctx, sender) < ownFee) return undefined;
      const peer =
        vault >= 0 ? principalOf(ctx, vault) : (ctx.accounts[rng.int(ctx.accounts.length)] as number);
      const amount = vault >= 0 ? 100_000 * STX : rng.range(STX, 10_000 * STX);
      return { sender, contract, peer, amount };
    }
    case Action.FtBurn: {
      const contract = pickFrom(rng, deployed.ft);
      if (contract < 0) return undefined;
      const sender = pickFtHolder(ctx, contract, ownFee);
      if (sender < 0) return undefined;
      const amount = 1 + Math.floor((ledger.ftOf(contract, sender) - 1) * 0.2 * rng.next());
      return { sender, contract, amount, deny: true };
    }
    case Action.NftTransfer:
    case Action.NftBurn: {
      const contract = pickFrom(rng, deployed.nft);
      if (contract < 0) return undefined;
      const token = pickOwnedNft(ctx, contract, ownFee);
      if (!token) return undefined;
      if (req.action === Action.NftBurn)
        return { sender: token.owner, contract, amount: token.id, deny: true };
      const peer =
        rng.chance(0.05) && deployed.plain.length > 0
          ? principalOf(ctx, rng.pick(deployed.plain))
          : otherAccount(ctx, token.owner);
      return { sender: token.owner, contract, peer, amount: token.id, deny: rng.chance(0.8) };
    }
    case Action.NftMint: {
      const contract = pickFrom(rng, deployed.nft);
      if (contract < 0) return undefined;
      const sender = pickPayer(ctx, ownFee);
      if (sender < 0) return undefined;
      const peer = rng.chance(0.7) ? sender : otherAccount(ctx, sender);
      return { sender, contract, peer, amount: ledger.nextNftId(contract) };
    }
    case Action.VaultDeposit: {
      const contract = pickFrom(rng, deployed.vault);
      if (contract < 0) return undefined;
      const sender = pickPayer(ctx, ownFee + STX);
      if (sender < 0) return undefined;
      const room = spendable(ctx, sender) - ownFee;
      const amount = 100_000 + Math.floor(Math.min(room - 100_000, 100_000 * STX) * 0.1 * rng.next());
      return { sender, contract, amount, deny: rng.chance(0.7) };
    }
    case Action.VaultWithdraw: {
      const contract = pickFrom(rng, deployed.vault);
      if (contract < 0) return undefined;
      const held = spendable(ctx, principalOf(ctx, contract));
      if (held < STX) return undefined;
      const sender = pickPayer(ctx, ownFee);
      if (sender < 0) return undefined;
      return { sender, contract, amount: 1 + Math.floor(held * 0.2 * rng.next()), deny: rng.chance(0.7) };
    }
    case Action.VaultSwap: {
      const contract = pickFrom(rng, deployed.vault);
      if (contract < 0) return undefined;
      const vault = ctx.contracts[contract] as Contract;
      const liquidity = ledger.ftOf(vault.pair, vault.principal);
      if (liquidity < 10) return undefined;
      const sender = pickPayer(ctx, ownFee + STX);
      if (sender < 0) return undefined;
      const room = Math.min((spendable(ctx, sender) - ownFee) * 0.1, (liquidity - 1) * 100);
      const amount = 100 + Math.floor((room - 100) * rng.next());
      if (amount < 100 || swapOut(amount) > liquidity) return undefined;
      return { sender, contract, amount, deny: rng.chance(0.7) };
    }
    case Action.StxBurn: {
      const contract = pickFrom(rng, deployed.vault);
      if (contract < 0) return undefined;
      const sender = pickPayer(ctx, ownFee + STX);
      if (sender < 0) return undefined;
      const room = spendable(ctx, sender) - ownFee;
      return {
        sender,
        contract,
        amount: 1000 + Math.floor(Math.min(room * 0.01, 1000 * STX) * rng.next()),
        deny: true,
      };
    }
    case Action.StackStx: {
      const sender = pickStacker(ctx, ownFee);
      if (sender < 0) return undefined;
      const room = spendable(ctx, sender) - ownFee;
      const amount = Math.floor((room * (0.4 + 0.5 * rng.next())) / STX) * STX;
      return { sender, contract: ctx.poxContract, amount, aux: rng.range(1, 12) };
    }
    case Action.Deploy: {
      const sender = pickPayer(ctx, ownFee);
      if (sender < 0) return undefined;
      const deployKind =
        req.kind ??
        (
          [
            ContractKind.Plain,
            ContractKind.Plain,
            ContractKind.Plain,
            ContractKind.Ft,
            ContractKind.Nft,
          ] as const
        )[rng.int(5)];
      if (deployKind === ContractKind.Vault && deployed.ft.length === 0) return undefined;
      return { sender, deployKind };
    }
    case Action.PoisonMicroblock: {
      const sender = pickPayer(ctx, ownFee);
      return sender < 0 ? undefined : { sender };
    }
    default:
      throw new Error(`not a user action: ${req.action}`);
  }
}

function feeFor(rng: Rng, type: TxType): number {
  switch (type) {
    case 'token_transfer':
      return rng.range(180, 3000);
    case 'smart_contract':
      return rng.range(20_000, 400_000);
    case 'poison_microblock':
      return rng.range(1000, 5000);
    default:
      return rng.range(1000, 60_000);
  }
}

function randomOutcome(rng: Rng): Status {
  const x = rng.next();
  return x < 0.04 ? Status.AbortByResponse : x < 0.06 ? Status.AbortByPostCondition : Status.Success;
}

function spendable(ctx: DraftContext, principal: number): number {
  return ctx.ledger.spendable(principal, ctx.burnHeight);
}

/** Half the picks favour the first accounts, so some accounts are much busier than others. */
function pickAccount(ctx: DraftContext): number {
  const u = ctx.rng.next();
  const n = ctx.accounts.length;
  const i = ctx.rng.chance(0.5) ? Math.floor(u * u * n) : Math.floor(u * n);
  return ctx.accounts[i] as number;
}

function pickPayer(ctx: DraftContext, need: number, exclude = -1): number {
  for (let attempt = 0; attempt < 12; attempt++) {
    const p = pickAccount(ctx);
    if (p !== exclude && spendable(ctx, p) >= need) return p;
  }
  return -1;
}

function pickStacker(ctx: DraftContext, ownFee: number): number {
  for (let attempt = 0; attempt < 24; attempt++) {
    const p = pickAccount(ctx);
    if (!ctx.ledger.isLocked(p, ctx.burnHeight) && spendable(ctx, p) >= ownFee + 100_000 * STX) return p;
  }
  return -1;
}

function pickFtHolder(ctx: DraftContext, contract: number, ownFee: number): number {
  for (let attempt = 0; attempt < 12; attempt++) {
    const p = pickAccount(ctx);
    if (ctx.ledger.canSpendFt(contract, p) && spendable(ctx, p) >= ownFee) return p;
  }
  const deployer = (ctx.contracts[contract] as Contract).deployer;
  return ctx.ledger.canSpendFt(contract, deployer) && spendable(ctx, deployer) >= ownFee ? deployer : -1;
}

function pickOwnedNft(
  ctx: DraftContext,
  contract: number,
  ownFee: number,
): { id: number; owner: number } | undefined {
  for (let attempt = 0; attempt < 8; attempt++) {
    const token = ctx.ledger.nftAt(contract, ctx.rng);
    if (!token) return undefined;
    if (!ctx.isContract(token.owner) && spendable(ctx, token.owner) >= ownFee) return token;
  }
  return undefined;
}

function otherAccount(ctx: DraftContext, not: number): number {
  for (;;) {
    const p = ctx.accounts[ctx.rng.int(ctx.accounts.length)] as number;
    if (p !== not) return p;
  }
}

function principalOf(ctx: DraftContext, contract: number): number {
  return (ctx.contracts[contract] as Contract).principal;
}

function pickFrom(rng: Rng, items: readonly number[]): number {
  return items.length === 0 ? -1 : rng.pick(items);
}
