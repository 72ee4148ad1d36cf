import type { Amount } from '../amount.ts';
import type { Contract } from '../tables/contracts.ts';
import type { Rng } from '../rng.ts';
import type { DraftContext } from './draft-tx.ts';

/** Micro-STX in one STX. */
export const STX = 1_000_000;

/**
 * What a principal can spend now: its STX less what is locked and what its pending transactions
 * hold. A number the drafters draw amounts under: a balance past 2^53 − 1 (a world file's) reads
 * as 2^53 − 1, so every drawn amount stays a safe integer and within the balance.
 */
export function spendable(ctx: DraftContext, principal: number): number {
  return drawable(ctx.ledger.spendable(principal, ctx.burnHeight));
}

/** An amount as a number to draw under: itself, or 2^53 − 1 when it is larger. */
export function drawable(amount: Amount): number {
  return typeof amount === 'number' ? amount : Number.MAX_SAFE_INTEGER;
}

/** Half the picks favour the first accounts, so some accounts are much busier than others. */
function pickAccount(ctx: DraftContext): number {
  const u = ctx.rng.next();
  const n = ctx.accounts.length;
  const i = ctx.rng.chance(0.5) ? Math.floor(u * u * n) : Math.floor(u * n);
  return ctx.accounts[i] as number;
}

/** An account (not `exclude`) that can spend `need`, or -1 when a few tries find none. */
export function pickPayer(ctx: DraftContext, need: number, exclude = -1): number {
  for (let attempt = 0; attempt < 12; attempt++) {
    const p = pickAccount(ctx);
    if (p !== exclude && spendable(ctx, p) >= need) return p;
  }
  return -1;
}

export function pickStacker(ctx: DraftContext, ownFee: number): number {
  for (let attempt = 0; attempt < 24; attempt++) {
    const p = pickAccount(ctx);
    if (!ctx.ledger.isLocked(p, ctx.burnHeight) && spendable(ctx, p) >= ownFee + 100_000 * STX) return p;
  }
  return -1;
}

export function pickFtHolder(ctx: DraftContext, contract: number, ownFee: number): number {
  for (let attempt = 0; attempt < 12; attempt++) {
    const p = pickAccount(ctx);
    if (ctx.ledger.canSpendFt(contract, p) && spendable(ctx, p) >= ownFee) return p;
  }
  const deployer = (ctx.contracts[contract] as Contract).deployer;
  return ctx.ledger.canSpendFt(contract, deployer) && spendable(ctx, deployer) >= ownFee ? deployer : -1;
}

export function pickOwnedNft(
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

export function otherAccount(ctx: DraftContext, not: number): number {
  for (;;) {
    const p = ctx.accounts[ctx.rng.int(ctx.accounts.length)] as number;
    if (p !== not) return p;
  }
}

export function principalOf(ctx: DraftContext, contract: number): number {
  return (ctx.contracts[contract] as Contract).principal;
}

export function pickFrom(rng: Rng, items: readonly number[]): number {
  return items.length === 0 ? -1 : rng.pick(items);
}
