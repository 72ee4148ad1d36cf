import { compareAmounts } from '../world/amount.ts';
import { poxBitcoinAddress } from '../world/derive/pox-address.ts';
import { listingOf, offsetPage } from '../query/paging.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * A signer's stackers in a cycle: each lock's stacker, amount and `pox-addr`, largest first, then
 * by address. The real service matches the key as written here (no `0x` added, unlike the signer's route).
 */
export const get_pox_cycle_signer_stackers: OperationHandler<
  'get_pox_cycle_signer_stackers',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const cycle = queries.explorer.rewardCycle(path.cycle_number);
    if (!cycle) return notFound('PoX cycle not found');
    const signer = cycle.signers.find((s) => s.signingKey === path.signer_key);
    if (!signer) return notFound('PoX cycle signer not found');
    const { chain } = queries;
    const stackers = signer.locks.map((tx) => ({
      stacker_address: chain.principals.name(chain.txs.sender[tx] as number),
      stacked_amount: chain.txs.amount.at(tx),
      pox_address: poxBitcoinAddress(chain, tx),
      stacker_type: 'solo' as const,
    }));
    stackers.sort(
      (a, b) =>
        compareAmounts(b.stacked_amount, a.stacked_amount) ||
        (a.stacker_address < b.stacker_address ? -1 : a.stacker_address > b.stacker_address ? 1 : 0),
    );
    const page = offsetPage(listingOf(stackers), query, 'whenShown');
    return ok({
      ...page,
      results: page.results.map((s) => ({ ...s, stacked_amount: String(s.stacked_amount) })),
    });
  },
};
