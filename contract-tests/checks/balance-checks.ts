import type { Problem } from '../../spec/responses.ts';
import { isJson, type Json } from './answered-request.ts';
import { big, finding, firstFew, ok, type MeaningCheck } from './meaning-check.ts';

/**
 * Meaning checks on a principal's balances (operation 7): the STX and token balances equal what
 * their totals add up to. (How its other fields agree is a derived check, `balance_fields_agree`.)
 */

const balancesAddUp: MeaningCheck = {
  name: 'balances_add_up',
  rule: 'STX balance = received − sent − fees + miner rewards; a token balance or NFT count = received − sent (a balance may be negative); nothing locked ⇔ `lock_tx_id` is ""; no pending balances with `until_block`',
  sources: [
    {
      document: 'real service',
      section: 'v8.11.6, balances',
      line: 'stx.balance = total_received − total_sent − total_fees_sent + total_miner_rewards_received; a token balance or nft count = total_received − total_sent',
    },
    {
      document: 'facts',
      section: 'Seen on real chain data',
      line: 'A fungible-token `balance` can be negative',
    },
    {
      document: 'facts',
      section: 'Per operation 7',
      line: '`lock_tx_id` is `""` when nothing is locked; `estimated_balance` and `pending_balance_*` appear only without `until_block`',
    },
  ],
  fields: [
    'get_account_balance stx.balance',
    'get_account_balance stx.total_received',
    'get_account_balance stx.total_sent',
    'get_account_balance stx.total_fees_sent',
    'get_account_balance stx.total_miner_rewards_received',
    'get_account_balance stx.lock_tx_id',
    'get_account_balance stx.locked',
    'get_account_balance stx.estimated_balance',
    'get_account_balance stx.pending_balance_*',
    'get_account_balance fungible_tokens{*}.*',
    'get_account_balance non_fungible_tokens{*}.*',
  ],
  check: (a) => {
    if (!ok(a, 'get_account_balance')) return [];
    const out: Problem[] = [];
    const stx = isJson(a.body.stx) ? a.body.stx : {};
    const [balance, received, sent, fees, rewards] = [
      'balance',
      'total_received',
      'total_sent',
      'total_fees_sent',
      'total_miner_rewards_received',
    ].map((k) => big(stx[k]) ?? 0n) as [bigint, bigint, bigint, bigint, bigint];
    if (balance !== received - sent - fees + rewards)
      out.push(
        finding(
          'balances_add_up',
          `stx.balance ${received - sent - fees + rewards} (received − sent − fees + rewards)`,
          String(stx.balance),
        ),
      );
    if ((big(stx.locked) === 0n) !== (stx.lock_tx_id === ''))
      out.push(
        finding(
          'balances_add_up',
          'lock_tx_id "" exactly when nothing is locked',
          `locked ${String(stx.locked)}, lock_tx_id "${String(stx.lock_tx_id)}"`,
        ),
      );
    if (a.query.has('until_block')) {
      const pending = ['estimated_balance', 'pending_balance_inbound', 'pending_balance_outbound'].filter(
        (k) => k in stx,
      );
      if (pending.length)
        out.push(finding('balances_add_up', 'no pending balances with until_block', pending.join(', ')));
    }
    for (const [kind, amount] of [
      ['fungible_tokens', 'balance'],
      ['non_fungible_tokens', 'count'],
    ] as const) {
      const tokens = isJson(a.body[kind]) ? (a.body[kind] as Json) : {};
      for (const [asset, t] of Object.entries(tokens)) {
        if (!isJson(t)) continue;
        const want = (big(t.total_received) ?? 0n) - (big(t.total_sent) ?? 0n);
        if (big(t[amount]) !== want)
          out.push(
            finding(
              'balances_add_up',
              `${kind} ${asset} ${amount} ${want} (received − sent)`,
              String(t[amount]),
            ),
          );
      }
    }
    return firstFew(out);
  },
};

export const BALANCE_CHECKS: readonly MeaningCheck[] = [balancesAddUp];
