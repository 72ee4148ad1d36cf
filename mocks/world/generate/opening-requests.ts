import type { DraftRequest } from './draft-tx.ts';
import { Action, ContractKind, Status } from '../tables/kinds.ts';

/**
 * The first user transactions of every world: they deploy the token contracts, fund the vaults,
 * and make sure each action, each failure mode and sponsorship appear at least once, whatever
 * the seed.
 */
export function openingRequests(): DraftRequest[] {
  return [
    ...repeat(4, { action: Action.Deploy, kind: ContractKind.Ft }),
    ...repeat(3, { action: Action.Deploy, kind: ContractKind.Nft }),
    ...repeat(2, { action: Action.Deploy, kind: ContractKind.Vault }),
    ...repeat(2, { action: Action.Deploy, kind: ContractKind.Plain }),
    ...repeat(3, { action: Action.FtMint, toVault: true }),
    ...repeat(4, { action: Action.NftMint, status: Status.Success }),
    { action: Action.StxTransfer },
    { action: Action.FtTransfer, status: Status.Success },
    { action: Action.FtMint, status: Status.Success },
    { action: Action.FtBurn, status: Status.Success },
    { action: Action.NftTransfer, status: Status.Success },
    { action: Action.NftBurn },
    { action: Action.VaultDeposit, status: Status.Success },
    { action: Action.VaultDeposit, status: Status.Success },
    { action: Action.VaultWithdraw, status: Status.Success },
    { action: Action.VaultSwap, status: Status.Success },
    { action: Action.StxBurn },
    { action: Action.StackStx },
    { action: Action.Deploy, kind: ContractKind.Plain },
    { action: Action.PoisonMicroblock },
    { action: Action.FtTransfer, status: Status.AbortByResponse },
    { action: Action.NftTransfer, status: Status.AbortByPostCondition },
    { action: Action.VaultSwap, status: Status.AbortByPostCondition },
    { action: Action.VaultDeposit, status: Status.AbortByResponse },
    { action: Action.StxTransfer, sponsored: true },
    { action: Action.FtTransfer, status: Status.Success, sponsored: true },
    { action: Action.NftMint, status: Status.Success, sponsored: true },
  ];
}

function repeat<T>(n: number, item: T): T[] {
  return Array.from({ length: n }, () => item);
}
