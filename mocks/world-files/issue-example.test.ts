import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// Exactly the core format of issue 11, as its reader would fill it in: real addresses for the
// `SP…` placeholders, and the NFT contract the example's third transaction moves.
const ALICE = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const WORLD = `accounts:                 # names used elsewhere in the file
  alice: { address: ${ALICE}, stx: "5000000000" }   # µSTX at genesis
  bob: {}
tokens:
  - contract: ${ALICE}.my-token
    token: my-token
    kind: ft
    holders: { alice: "1000000" }
  - contract: ${ALICE}.my-nft
    token: my-nft
    kind: nft
    holders: { alice: [1, 2, 3] }
transactions:                       # mined at the given heights, in file order within a height
  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amount: "1000000", fee: "200" }
  - { height: 4, type: ft_transfer, asset: ${ALICE}.my-token::my-token, sender: alice, recipient: bob, amount: "250000", fee: "300" }
  - { height: 5, type: nft_transfer, asset: ${ALICE}.my-nft::my-nft, sender: alice, recipient: bob, value: 2, fee: "300" }
mempool:                            # pending at start
  - { type: stx_transfer, sender: bob, recipient: alice, amount: "5000", fee: "180" }
`;

const dir = mkdtempSync(join(tmpdir(), 'issue-world-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function serve(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return specCheckedClient(createMockApp({ quiet: true, rateLimit: 0, world: path }));
}

describe.each([
  ['world.yaml', WORLD],
  ['world.json', JSON.stringify(parse(WORLD), null, 2)],
])('the issue’s core example as %s', (name, text) => {
  const get = serve(name, text);

  it('lists alice and bob by name in /_mock/world', async () => {
    const res = await get('/_mock/world');
    const accounts = res.body.declared.accounts as { name: string; address: string }[];
    expect(accounts.map((a) => a.name)).toEqual(['alice', 'bob']);
    expect(accounts[0]?.address).toBe(ALICE);
    expect(accounts[1]?.address).toMatch(/^SP[0-9A-Z]{38,39}$/);
  });

  it('serves alice’s balances to the µSTX', async () => {
    const { body } = await get(`/extended/v1/address/${ALICE}/balances`);
    // 5000000000 − 1000000 sent − fees 200 + 300 + 300; bob's pending 5000 is on its way in.
    expect(body.stx).toMatchObject({
      balance: '4998999200',
      total_sent: '1000000',
      total_received: '5000000000',
      total_fees_sent: '800',
      estimated_balance: '4999004200',
      pending_balance_inbound: '5000',
      locked: '0',
    });
    expect(body.fungible_tokens).toEqual({
      [`${ALICE}.my-token::my-token`]: { balance: '750000', total_sent: '250000', total_received: '1000000' },
    });
    expect(body.non_fungible_tokens).toEqual({
      [`${ALICE}.my-nft::my-nft`]: { count: '2', total_sent: '1', total_received: '3' },
    });
  });

  it('serves bob’s balances to the µSTX', async () => {
    const bob = (await get('/_mock/world')).body.declared.accounts[1].address as string;
    const { body } = await get(`/extended/v1/address/${bob}/balances`);
    expect(body.stx).toMatchObject({
      balance: '1000000',
      total_sent: '0',
      total_received: '1000000',
      total_fees_sent: '0',
      estimated_balance: '994820',
      pending_balance_outbound: '5180',
    });
    expect(body.fungible_tokens[`${ALICE}.my-token::my-token`].balance).toBe('250000');
    expect(body.non_fungible_tokens[`${ALICE}.my-nft::my-nft`].count).toBe('1');
  });

  it('serves their histories: exactly the declared activity, newest first', async () => {
    const alice = await get(`/extended/v1/address/${ALICE}/transactions_with_transfers?limit=50`);
    expect(alice.body.total).toBe(6);
    const rows = alice.body.results.map((r: any) => [r.tx.block_height, r.tx.tx_type, r.tx.fee_rate]);
    expect(rows).toEqual([
      [5, 'contract_call', '300'],
      [4, 'contract_call', '300'],
      [3, 'token_transfer', '200'],
      [1, 'smart_contract', '0'],
      [1, 'smart_contract', '0'],
      [1, 'smart_contract', '0'],
    ]);
    const [nft, ft, stx] = alice.body.results;
    expect(stx.tx.token_transfer).toMatchObject({ amount: '1000000' });
    expect(stx.stx_sent).toBe('1000200');
    expect(ft.tx.contract_call.contract_id).toBe(`${ALICE}.my-token`);
    expect(ft.ft_transfers).toEqual([
      expect.objectContaining({ asset_identifier: `${ALICE}.my-token::my-token`, amount: '250000' }),
    ]);
    expect(nft.tx.contract_call.contract_id).toBe(`${ALICE}.my-nft`);
    expect(nft.nft_transfers).toEqual([
      expect.objectContaining({
        asset_identifier: `${ALICE}.my-nft::my-nft`,
        value: expect.objectContaining({ repr: 'u2' }),
      }),
    ]);
    const bob = (await get('/_mock/world')).body.declared.accounts[1].address as string;
    const history = await get(`/extended/v1/address/${bob}/transactions_with_transfers?limit=50`);
    expect(history.body.results.map((r: any) => r.tx.block_height)).toEqual([5, 4, 3]);
  });

  it('has bob’s transfer pending in the mempool', async () => {
    const catalogue = (await get('/_mock/world')).body;
    const bob = catalogue.declared.accounts[1].address as string;
    const ids = catalogue.transactions.mempool.pending as string[];
    const res = await get(`/extended/v1/tx/multiple?${ids.map((id) => `tx_id=${id}`).join('&')}`);
    const mine = Object.values(res.body).filter((e: any) => e.result.sender_address === bob) as any[];
    expect(mine).toHaveLength(1);
    expect(mine[0].result).toMatchObject({
      tx_status: 'pending',
      tx_type: 'token_transfer',
      fee_rate: '180',
      token_transfer: expect.objectContaining({ recipient_address: ALICE, amount: '5000' }),
    });
  });
});
