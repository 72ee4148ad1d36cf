import { ok, type OperationHandler } from './types.ts';

export const get_principal_stx_balance: OperationHandler<'get_principal_stx_balance', 'include_mempool'> = {
  defaulted: ['include_mempool'],
  answer: ({ queries, path, query }) => {
    const { facts, mempool } = queries.tipBalances(path.principal);
    const lock = facts.lock;
    const pending = query.include_mempool ? (mempool ?? { inbound: 0, outbound: 0 }) : undefined;
    return ok({
      balance: String(facts.balance),
      ...(pending && {
        estimated_balance: String(facts.balance + pending.inbound - pending.outbound),
        pending_balance_inbound: String(pending.inbound),
        pending_balance_outbound: String(pending.outbound),
      }),
      total_miner_rewards_received: String(facts.minerRewards),
      lock_tx_id: lock ? queries.chain.txs.idHex(lock.tx) : '',
      locked: String(lock?.amount ?? 0),
      lock_height: lock?.height ?? 0,
      burnchain_lock_height: lock?.burnHeight ?? 0,
      burnchain_unlock_height: lock?.unlockHeight ?? 0,
    });
  },
};
