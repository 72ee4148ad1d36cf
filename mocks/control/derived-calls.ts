import { amountOf, bigAmount, type Amount } from '../world/amount.ts';
import { ClarityType, type ClarityValue } from '@stacks/transactions';
import type { Chain } from '../world/tables/chain.ts';
import type { Contract } from '../world/tables/contracts.ts';
import type { Ledger } from '../world/generate/ledger.ts';
import { Action, ContractKind } from '../world/tables/kinds.ts';

// The contract calls admission derives itself: the world contracts' public functions that move a
// token or STX the way a wallet calls them, mined with the events the world derives. Any other
// call runs in the Clarity engine (clarity-admission.ts).

export type Refuse = (reason: string, data?: Record<string, unknown>) => never;

export function contractPrincipal(chain: Chain, id: string, refuse: Refuse): number {
  const found = chain.principals.find(id);
  if (found < 0) refuse('BadFunctionArgument', { message: `${id} is not a contract of this world` });
  return found;
}

export function checkAddressVersion(address: string, chain: Chain, refuse: Refuse): void {
  const prefixes = chain.net.name === 'mainnet' ? ['SP', 'SM'] : ['ST', 'SN'];
  if (!prefixes.some((p) => address.startsWith(p))) refuse('BadAddressVersionByte');
}

export interface CallScope {
  chain: Chain;
  senderAddress: string;
  /** The index of a party to the call (-1: a standard address the world has never seen). */
  peer(address: string): number;
  refuse: Refuse;
}

export interface Call {
  action: Action;
  peer: number;
  amount: Amount;
}

/**
 * The call as the world's rows hold one: the public functions of the world's contracts that
 * move a token or STX the way a wallet calls them (FT and NFT `transfer` from the signer,
 * a vault's `deposit`). Another public function of a world contract is refused by name: the
 * mock mines only what it can derive the events of.
 */
export function callOf(contract: Contract, name: string, args: ClarityValue[], scope: CallScope): Call {
  const { refuse } = scope;
  const signature = SIGNATURES[contract.kind]?.[name];
  if (!signature) return refuse('NoSuchPublicFunction');
  if (args.length !== signature.length || args.some((a, i) => !fits(a, signature[i] as ArgType)))
    refuse('BadFunctionArgument', {
      message: `${name} takes (${signature.join(' ')}), got ${args.length} argument(s) of type ${args.map((a) => a.type).join(', ')}`,
    });
  const uint = (i: number): Amount => amountOf(BigInt((args[i] as { value: string | bigint }).value));
  const party = (i: number): number => {
    const address = principalText(args[i] as ClarityValue);
    return address.includes('.') ? contractPrincipal(scope.chain, address, refuse) : scope.peer(address);
  };
  const fromSigner = (): void => {
    if (principalText(args[1] as ClarityValue) !== scope.senderAddress)
      refuse('BadFunctionArgument', {
        message: `sender must be the transaction's signer ${scope.senderAddress}: the contract would refuse anyone else`,
      });
  };
  switch (`${contract.kind}:${name}`) {
    case `${ContractKind.Ft}:transfer`:
      fromSigner();
      if (args[3]?.type !== ClarityType.OptionalNone)
        refuse('BadFunctionArgument', { message: 'this mock mines FT transfers without a memo (none)' });
      return { action: Action.FtTransfer, peer: party(2), amount: uint(0) };
    case `${ContractKind.Nft}:transfer`:
      fromSigner();
      return { action: Action.NftTransfer, peer: party(2), amount: uint(0) };
    case `${ContractKind.Vault}:deposit`:
      return { action: Action.VaultDeposit, peer: -1, amount: uint(0) };
    default:
      return refuse('ServerFailureOther', {
        message: `this mock mines transfer and deposit calls only, not ${name} (docs/wallets.md)`,
      });
  }
}

type ArgType = 'uint' | 'principal' | 'optional-buff';

const SIGNATURES: Partial<Record<ContractKind, Record<string, readonly ArgType[]>>> = {
  [ContractKind.Ft]: {
    transfer: ['uint', 'principal', 'principal', 'optional-buff'],
    mint: ['uint', 'principal'],
    burn: ['uint'],
  },
  [ContractKind.Nft]: { transfer: ['uint', 'principal', 'principal'], mint: ['principal'], burn: ['uint'] },
  [ContractKind.Vault]: {
    deposit: ['uint'],
    withdraw: ['uint'],
    'swap-stx-for-token': ['uint'],
    'burn-stx': ['uint'],
  },
};

function fits(value: ClarityValue, type: ArgType): boolean {
  switch (type) {
    case 'uint':
      return value.type === ClarityType.UInt;
    case 'principal':
      return value.type === ClarityType.PrincipalStandard || value.type === ClarityType.PrincipalContract;
    case 'optional-buff':
      return (
        value.type === ClarityType.OptionalNone ||
        (value.type === ClarityType.OptionalSome &&
          value.value.type === ClarityType.Buffer &&
          value.value.value.length <= 68)
      );
  }
}

/**
 * The sender holds what the call moves: the tokens, the NFT, the STX a deposit sends. A node
 * would take the call and the contract would abort it; this mock mines only calls that succeed,
 * so it refuses them here, saying what the sender holds.
 */
export function checkHoldings(
  state: { readonly ledger: Ledger },
  contract: Contract,
  call: Call,
  sender: number,
  ownFee: bigint,
  spendable: (p: number) => bigint,
  refuse: Refuse,
): void {
  const { ledger } = state;
  if (call.action === Action.FtTransfer) {
    const held = sender < 0 ? 0 : ledger.ftOf(contract.index, sender);
    if (held < call.amount)
      refuse('BadFunctionArgument', {
        message: `the sender holds ${held} of ${contract.assetId}, not ${call.amount}`,
      });
  } else if (call.action === Action.NftTransfer) {
    if (sender < 0 || ledger.nftOwner(contract.index, Number(call.amount)) !== sender)
      refuse('BadFunctionArgument', {
        message: `the sender does not own ${contract.assetId} #${call.amount}`,
      });
  } else {
    const has = spendable(sender);
    const needed = bigAmount(call.amount) + ownFee;
    if (has < needed) refuse('NotEnoughFunds', { expected: u128(needed), actual: u128(has) });
  }
}

export function principalText(value: ClarityValue): string {
  if (value.type === ClarityType.PrincipalStandard || value.type === ClarityType.PrincipalContract)
    return value.value;
  throw new Error(`not a principal: ${value.type}`);
}

/** A u128 as the node writes one in a rejection: `0x` and 32 hex digits, big-endian. */
export function u128(value: bigint): string {
  return `0x${value.toString(16).padStart(32, '0')}`;
}

/**
 * Whether a call to `name` of `contract` is one this file derives (an FT or NFT `transfer`, a
 * vault's `deposit`), or names a function the world's own contract does not have (its source is
 * the mock's: NoSuchPublicFunction without running anything). Any other runs in the engine.
 */
export function derivedOrMissing(contract: Contract, name: string): boolean {
  const signatures = SIGNATURES[contract.kind];
  if (!signatures) return false;
  return !signatures[name] || DERIVED.has(`${contract.kind}:${name}`);
}

const DERIVED = new Set([
  `${ContractKind.Ft}:transfer`,
  `${ContractKind.Nft}:transfer`,
  `${ContractKind.Vault}:deposit`,
]);
