import { addAmounts, MAX_CONDITION_AMOUNT, subtractAmounts, type Amount } from '../amount.ts';
import { clarityTxOf, contractAt, variant, type Chain } from '../tables/chain.ts';
import { signedPostConditions } from './signed-post-conditions.ts';
import { uintPair } from '../derive/clarity.ts';
import { swapOut } from '../derive/events.ts';
import { Action } from '../tables/kinds.ts';
import {
  declaresConditions,
  declaresPoxCondition,
  declaresStakingCondition,
  nftConditionMaybeSent,
  violatesConditions,
} from '../tables/tx-flags.ts';
import type { TxTable } from '../tables/tx-table.ts';
import type {
  FungibleConditionCode,
  PostCondition,
  PostConditionAsset,
  PostConditionPrincipal,
} from './shapes.ts';

const CODES: readonly FungibleConditionCode[] = [
  'sent_equal_to',
  'sent_greater_than_or_equal_to',
  'sent_less_than_or_equal_to',
  'sent_greater_than',
  'sent_less_than',
];

/**
 * Post-conditions a wallet would attach to the transaction. They hold for the amounts actually
 * moved, except on a transaction aborted by post-condition, whose first condition fails.
 */
export function postConditionsOf(chain: Chain, table: TxTable, tx: number): PostCondition[] {
  const signed = clarityTxOf(chain, table, tx);
  if (signed) return signedPostConditions(signed.postConditions);
  const derived = derivedConditions(chain, table, tx);
  if (!declaresConditions(table, tx)) return derived;
  return [...derived, ...declaredConditions(chain, table, tx)];
}

/**
 * What a world file declares beside the derived conditions (v9's, epoch 4): a staking condition
 * on the sender (what a stacking transaction locks; nothing for any other), a PoX condition (it
 * performs one only when stacking), and an NFT condition `maybe_sent` in place of `sent`.
 */
function declaredConditions(chain: Chain, table: TxTable, tx: number): PostCondition[] {
  const stacking = table.action[tx] === Action.StackStx;
  const principal = senderSide(chain, table, tx);
  const extra: PostCondition[] = [];
  if (declaresStakingCondition(table, tx))
    extra.push({
      type: 'staking',
      principal,
      condition_code: stacking ? 'sent_equal_to' : 'sent_less_than_or_equal_to',
      amount: stacking ? String(table.amount.at(tx)) : '0',
    });
  if (declaresPoxCondition(table, tx))
    extra.push({ type: 'pox', principal, condition_code: stacking ? 'performed' : 'not_performed' });
  return extra;
}

function derivedConditions(chain: Chain, table: TxTable, tx: number): PostCondition[] {
  const fails = violatesConditions(table, tx);
  const amount = table.amount.at(tx);
  const code = variant(table, tx, 5) % CODES.length;
  const origin = senderSide(chain, table, tx);
  const contract = table.contract[tx] as number;
  switch (table.action[tx] as Action) {
    case Action.StxTransfer:
      return variant(table, tx, 6) % 2 === 0 ? [] : [stx(origin, code, amount, fails)];
    case Action.VaultDeposit:
    case Action.StxBurn:
      return [stx(origin, code, amount, fails)];
    case Action.VaultWithdraw:
      return [stx(contractSide(chain, contract), code, amount, fails)];
    case Action.VaultSwap: {
      const pair = contractAt(chain, contract).pair;
      return [
        stx(origin, code, amount, fails),
        fungible(chain, contractSide(chain, contract), pair, code, swapOut(amount), false),
      ];
    }
    case Action.FtTransfer:
    case Action.FtBurn:
      return [fungible(chain, origin, contract, code, amount, fails)];
    case Action.NftTransfer:
    case Action.NftBurn:
      return [
        {
          type: 'non_fungible',
          principal: origin,
          condition_code: fails ? 'not_sent' : nftConditionMaybeSent(table, tx) ? 'maybe_sent' : 'sent',
          asset_value: uintPair(amount),
          asset: assetOf(chain, contract),
        },
      ];
    default:
      return [];
  }
}

/** The condition's amount: one that the real movement satisfies, or violates when `fails`. */
function conditionAmount(code: FungibleConditionCode, moved: Amount, fails: boolean): Amount {
  const above = addAmounts(moved, 1);
  const below = moved > 0 ? subtractAmounts(moved, 1) : 0;
  switch (code) {
    case 'sent_equal_to':
      return fails ? above : moved;
    case 'sent_greater_than_or_equal_to':
      return fails ? above : moved;
    case 'sent_less_than_or_equal_to':
      return fails ? below : moved;
    case 'sent_greater_than':
      return fails ? moved : below;
    case 'sent_less_than':
      return fails ? moved : above;
  }
}

/**
 * The condition's code and amount. A token moved past what a post-condition can state (a u64) is
 * bounded by the largest it can: at least that much sent, or, to fail, at most that much.
 */
function condition(
  code: number,
  moved: Amount,
  fails: boolean,
): { condition_code: FungibleConditionCode; amount: string } {
  if (moved > MAX_CONDITION_AMOUNT)
    return {
      condition_code: fails ? 'sent_less_than_or_equal_to' : 'sent_greater_than_or_equal_to',
      amount: String(MAX_CONDITION_AMOUNT),
    };
  const condition_code = CODES[code] as FungibleConditionCode;
  return { condition_code, amount: String(conditionAmount(condition_code, moved, fails)) };
}

function stx(principal: PostConditionPrincipal, code: number, moved: Amount, fails: boolean): PostCondition {
  return { type: 'stx', principal, ...condition(code, moved, fails) };
}

function fungible(
  chain: Chain,
  principal: PostConditionPrincipal,
  contract: number,
  code: number,
  moved: Amount,
  fails: boolean,
): PostCondition {
  return { type: 'fungible', principal, ...condition(code, moved, fails), asset: assetOf(chain, contract) };
}

function senderSide(chain: Chain, table: TxTable, tx: number): PostConditionPrincipal {
  return variant(table, tx, 7) % 3 === 2
    ? { type_id: 'principal_standard', address: chain.principals.name(table.sender[tx] as number) }
    : { type_id: 'principal_origin' };
}

function contractSide(chain: Chain, contract: number): PostConditionPrincipal {
  const c = contractAt(chain, contract);
  return { type_id: 'principal_contract', address: chain.principals.name(c.deployer), contract_name: c.name };
}

function assetOf(chain: Chain, contract: number): PostConditionAsset {
  const c = contractAt(chain, contract);
  return { asset_name: c.token, contract_address: chain.principals.name(c.deployer), contract_name: c.name };
}
