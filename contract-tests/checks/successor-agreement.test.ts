import { describe, expect, it } from 'vitest';
import { historyAgreement, netChangeAgreement, stxAgreement } from './successor-agreement.ts';

const P = 'SP000000000000000000002Q6VF79';
const S = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
function tx(id: string, sender: string, sponsor?: string): Record<string, unknown> {
  return {
    tx_id: id,
    sender_address: sender,
    ...(sponsor ? { sponsored: true, sponsor_address: sponsor } : { sponsored: false }),
    fee_rate: '10',
  };
}

describe('successor agreement', () => {
  it('STX: v3 must say operation 7’s balance, lock and available', () => {
    const old = { stx: { balance: '100', locked: '40', lock_tx_id: '0xab' } };
    const v3 = { balance: '100', available: '60', locked: { amount: '40', lock_tx_id: '0xab' } };
    expect(stxAgreement(P, old, v3)).toEqual([]);
    expect(stxAgreement(P, old, { ...v3, available: '61' }).map((p) => p.where)).toEqual([
      `${P} v3 available`,
    ]);
  });

  it('history: a sponsor-only row is the fee; any other extra row, or a missing one, is a finding', () => {
    const old = [{ tx: tx('0x1', P), stx_sent: '110', stx_received: '0' }];
    const v2 = (rows: { tx: object; stx_sent: string; stx_received: string }[]) =>
      historyAgreement(P, old, {
        name: 'v2',
        rows,
        tx: (r) => r.tx as Record<string, unknown>,
        net: (r) => BigInt(String(r.stx_received)) - BigInt(String(r.stx_sent)),
      });
    const own = { tx: tx('0x1', P), stx_sent: '110', stx_received: '0' };
    expect(v2([own, { tx: tx('0x2', S, P), stx_sent: '10', stx_received: '0' }])).toEqual([]);
    expect(v2([own, { tx: tx('0x3', S), stx_sent: '0', stx_received: '0' }])).toHaveLength(1);
    expect(v2([])).toHaveLength(1);
  });

  it("history: a sponsored transaction's fee moves from its sender to its payer", () => {
    // Operation 6 counts the fee in the sender's stx_sent; the successor in the sponsor's.
    const old = [{ tx: tx('0x1', P, S), stx_sent: '110', stx_received: '0' }];
    const check = (sent: string) =>
      historyAgreement(P, old, {
        name: 'v2',
        rows: [{ tx: tx('0x1', P, S), stx_sent: sent, stx_received: '0' }],
        tx: (r) => r.tx as Record<string, unknown>,
        net: (r) => -BigInt(String(r.stx_sent)),
      });
    expect(check('100')).toEqual([]);
    expect(check('110')).toHaveLength(1);
  });

  it("net change: the principal's events and the fee it paid, per asset", () => {
    const events = [
      { type: 'stx', data: { sender: P, recipient: S, amount: '50' } },
      { type: 'ft', data: { sender: S, recipient: P, amount: '7', asset_identifier: 'SP1.t::t' } },
    ];
    const changes = [
      { asset: { type: 'stx' }, balance_change: { net: '-60' } },
      { asset: { type: 'ft', identifier: 'SP1.t::t' }, balance_change: { net: '7' } },
    ];
    expect(netChangeAgreement(P, tx('0x1', P), events, changes)).toEqual([]);
    expect(netChangeAgreement(P, tx('0x1', S, S), events, changes)).toHaveLength(1);
  });
});
