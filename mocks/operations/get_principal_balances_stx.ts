import { addAmounts, subtractAmounts } from '../world/amount.ts';
import { poxVersionOf } from '../query/principal-activity.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_balances_stx: OperationHandler<'get_principal_balances_stx'> = {
  defaulted: [],
  answer: ({ queries, path }) => {
    const chain = queries.chain;
    const { facts, mempool } = queries.tipBalances(path.principal);
    const lock = facts.lock;
    const available = subtractAmounts(facts.balance, lock?.amount ?? 0);
    const pending = mempool && (mempool.inbound > 0 || mempool.outbound > 0) ? mempool : undefined;
    return ok({
      balance: String(facts.balance),
      available: String(available),
      locked: lock
        ? {
            amount: String(lock.amount),
            pox_version: poxVersionOf(chain, lock.tx),
            lock_tx_id: chain.txs.idHex(lock.tx),
            stacks_lock_height: lock.height,
            burn_lock_height: lock.burnHeight,
            burn_unlock_height: lock.unlockHeight,
          }
        : null,
      mempool: pending
        ? {
            estimated_balance: String(
              subtractAmounts(addAmounts(available, pending.inbound), pending.outbound),
            ),
            inbound: String(pending.inbound),
            outbound: String(pending.outbound),
          }
        : null,
    });
  },
};
