import { describe, expect, it } from 'vitest';
import { ORDERINGS } from './ordering.ts';

/** The spec's `x-order` of each paged operation, as the suite compares two neighbours. */
describe('the orders the spec documents (x-order)', () => {
  it('are those of the four ordered lists', () => {
    expect(Object.keys(ORDERINGS).sort()).toEqual([
      'get_account_transactions_with_transfers',
      'get_address_transaction_events',
      'get_address_transactions',
      'get_principal_ft_balances',
    ]);
  });

  it('newest first: height, then index, descending; a tie is in order (boot transactions share an index)', () => {
    const order = ORDERINGS.get_account_transactions_with_transfers!;
    const tx = (id: string, block_height: number, tx_index: number) => ({
      tx: { tx_id: id, block_height, tx_index },
    });
    expect(order.outOfOrder(tx('a', 5, 1), tx('b', 4, 9))).toBeUndefined();
    expect(order.outOfOrder(tx('a', 5, 2), tx('b', 5, 1))).toBeUndefined();
    expect(order.outOfOrder(tx('a', 5, 1), tx('b', 5, 1))).toBeUndefined();
    expect(order.outOfOrder(tx('a', 5, 1), tx('b', 5, 2))).toBe(
      'a (tx.block_height 5, tx.tx_index 1) before b (tx.block_height 5, tx.tx_index 2)',
    );
    expect(order.key(tx('a', 5, 1))).toBe('a');
  });

  it('events by event_index ascending, never two alike; tokens by identifier, case-insensitively', () => {
    const events = ORDERINGS.get_address_transaction_events!;
    expect(events.outOfOrder({ event_index: 1 }, { event_index: 2 })).toBeUndefined();
    expect(events.outOfOrder({ event_index: 2 }, { event_index: 2 })).toBe(
      'event_index 2 before event_index 2',
    );
    const tokens = ORDERINGS.get_principal_ft_balances!;
    expect(tokens.outOfOrder({ token: 'SP1.a::X' }, { token: 'sp1.b::y' })).toBeUndefined();
    expect(tokens.outOfOrder({ token: 'SP1.b::y' }, { token: 'sp1.a::x' })).toBe(
      'token SP1.b::y before token sp1.a::x',
    );
  });
});
