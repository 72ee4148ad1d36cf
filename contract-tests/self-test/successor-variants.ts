import type { Variant } from './variant-server.ts';
import { isObject, plus } from './variant-kit.ts';

/** The successor agreement tests (contract-tests/cross/successors.contract.test.ts) by name. */
const AGREE = 'successors agree with the deprecated operations > ';

/**
 * One broken mock per successor agreement: each successor answer stays valid and consistent in
 * itself (the spec's schema and its own sums hold), so only the comparison with its deprecated
 * operation catches it, by the named test.
 */
export const SUCCESSOR_VARIANTS: Variant[] = [
  {
    name: 'v3-stx-balance-off',
    breaks:
      'get_principal_balances_stx says every balance (and what is available of it) one µSTX higher than operation 7',
    caughtBy: [new RegExp(`^${AGREE}STX balance and lock`)],
    failureMentions: /v3 balance/,
    response: (r) => {
      if (r.operationId !== 'get_principal_balances_stx' || r.status !== 200 || !isObject(r.body)) return;
      r.body.balance = plus(r.body.balance, 1n);
      r.body.available = plus(r.body.available, 1n);
    },
  },
  {
    name: 'v3-ft-balance-off',
    breaks:
      'get_principal_balances_ft reports the first token of every page one unit larger than operation 7 counts',
    caughtBy: [new RegExp(`^${AGREE}FT balances`)],
    failureMentions: /v3 balances\/ft/,
    response: (r) => {
      if (r.operationId !== 'get_principal_balances_ft' || r.status !== 200 || !isObject(r.body)) return;
      const first = Array.isArray(r.body.results) ? (r.body.results[0] as unknown) : undefined;
      if (isObject(first)) first.balance = plus(first.balance, 1n);
    },
  },
  {
    name: 'v3-nft-last-missing',
    breaks: 'get_principal_balances_nft leaves out the last NFT a principal holds, its total following',
    caughtBy: [new RegExp(`^${AGREE}NFT holdings`)],
    failureMentions: /v3 balances\/nft count/,
    response: (r) => {
      if (r.operationId !== 'get_principal_balances_nft' || r.status !== 200 || !isObject(r.body)) return;
      const { results, cursor } = r.body;
      if (!Array.isArray(results) || results.length === 0 || !isObject(cursor) || cursor.next !== null)
        return;
      results.pop();
      r.body.total = Number(r.body.total) - 1;
    },
  },
  {
    name: 'v3-history-net-off',
    breaks:
      'get_principal_transactions counts one µSTX more received in the first transaction of every page (its net following)',
    caughtBy: [new RegExp(`^${AGREE}histories`)],
    failureMentions: /v3 transactions .* STX net/,
    response: (r) => {
      if (r.operationId !== 'get_principal_transactions' || r.status !== 200 || !isObject(r.body)) return;
      const first = Array.isArray(r.body.results) ? (r.body.results[0] as unknown) : undefined;
      const stx = isObject(first) && isObject(first.balance_changes) ? first.balance_changes.stx : undefined;
      if (!isObject(stx)) return;
      stx.received = plus(stx.received, 1n);
      stx.net = plus(stx.net, 1n);
    },
  },
  {
    name: 'v3-balance-change-sent-short',
    breaks:
      'get_principal_transaction_balance_changes says every STX change that sent something sent one \u00b5STX less (its net following)',
    caughtBy: [new RegExp(`^${AGREE}each transaction's net change`)],
    failureMentions: /v3 balance-changes stx/,
    response: (r) => {
      if (
        r.operationId !== 'get_principal_transaction_balance_changes' ||
        r.status !== 200 ||
        !isObject(r.body)
      )
        return;
      for (const c of Array.isArray(r.body.results) ? (r.body.results as unknown[]) : []) {
        if (!isObject(c) || !isObject(c.asset) || c.asset.type !== 'stx' || !isObject(c.balance_change))
          continue;
        const change = c.balance_change;
        if (BigInt(String(change.sent)) === 0n) continue;
        change.sent = plus(change.sent, -1n);
        change.net = plus(change.net, 1n);
      }
    },
  },
];

/** The client routes' agreement tests (contract-tests/cross/client-routes.contract.test.ts) by name. */
const CLIENT_AGREE = 'the routes real clients call agree with the routes already served > ';

/**
 * One broken mock per agreement of the routes real clients call that no other variant breaks:
 * each answer stays valid in itself, so only the comparison with the route that says the same
 * catches it, by the named test.
 */
export const CLIENT_ROUTE_VARIANTS: Variant[] = [
  {
    name: 'bns-name-owner-elsewhere',
    breaks:
      'get_name_info names the boot address as every name’s owner, while the owner’s names and the registering transaction say who owns it',
    caughtBy: [new RegExp(`^${CLIENT_AGREE}BNS name`)],
    failureMentions: /'s names/,
    response: (r) => {
      if (r.operationId !== 'get_name_info' || r.status !== 200 || !isObject(r.body)) return;
      r.body.address = 'SP000000000000000000002Q6VF78';
    },
  },
  {
    name: 'raw-tx-last-byte-off',
    breaks:
      'get_raw_transaction_by_id serves each transaction’s bytes with the last one changed: still hex, but no longer the bytes its id hashes',
    caughtBy: [new RegExp(`^${CLIENT_AGREE}raw transaction`)],
    failureMentions: /raw bytes hashed/,
    response: (r) => {
      if (r.operationId !== 'get_raw_transaction_by_id' || r.status !== 200 || !isObject(r.body)) return;
      const hex = String(r.body.raw_tx);
      const last = (parseInt(hex.slice(-2), 16) ^ 1).toString(16).padStart(2, '0');
      r.body.raw_tx = `${hex.slice(0, -2)}${last}`;
    },
  },
];
