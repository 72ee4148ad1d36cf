import { describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import { createMockApp } from '../app.ts';
import { ControlError } from './live-chain.ts';

const BLOCKS = 80;
const U128_MAX = '340282366920938463463374607431768211455';

function mockApp() {
  return createMockApp({ quiet: true, rateLimit: 0, blocks: BLOCKS, seed: 4 });
}

/** A new mock, reached with the one HTTP client. */
function app(): HttpClient {
  return httpClient(mockApp());
}

async function parties(mock: HttpClient) {
  const catalogue = (await mock.get('/_mock/world')).body;
  return {
    sender: catalogue.addresses.stx_activity as string,
    recipient: catalogue.addresses.locked_stx as string,
    holder: catalogue.addresses.ft_activity as string,
    nfts: catalogue.assets.nft as string[],
  };
}

/** A fungible token the holder has more than one unit of, with its balance. */
async function heldToken(mock: HttpClient, holder: string): Promise<[string, bigint]> {
  const balances = (await mock.get(`/extended/v1/address/${holder}/balances`)).body;
  const [asset, held] = Object.entries(balances.fungible_tokens as Record<string, { balance: string }>).find(
    ([, t]) => BigInt(t.balance) > 1n,
  )!;
  return [asset, BigInt(held.balance)];
}

describe('amounts and fees on the control plane', () => {
  it('takes them as decimal strings, as the API writes them: the transaction carries them exactly', async () => {
    const mock = app();
    const { sender, recipient } = await parties(mock);
    const res = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender,
      recipient,
      amount: '12345',
      fee: '2000',
    });
    expect(res.status).toBe(201);
    const tx = await mock.get(`/extended/v1/tx/multiple?tx_id=${res.body.tx_id}`);
    expect(tx.body[res.body.tx_id].result).toMatchObject({
      tx_status: 'pending',
      fee_rate: '2000',
      token_transfer: { amount: '12345' },
    });
    // Safe integers still work, and both forms mix.
    const mixed = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender,
      recipient,
      amount: 500,
      fee: '0',
    });
    expect(mixed.status).toBe(201);
  });

  it('moves a fungible token by a string amount', async () => {
    const mock = app();
    const { holder, sender } = await parties(mock);
    const [asset, held] = await heldToken(mock, holder);
    const res = await mock.post('/_mock/transactions', {
      type: 'contract_call',
      asset,
      sender: holder,
      recipient: sender,
      amount: String(held),
      fee: '300',
    });
    expect(res.status).toBe(201);
    await mock.post('/_mock/mine');
    const after = (await mock.get(`/extended/v1/address/${holder}/balances`)).body;
    expect(after.fungible_tokens[asset]?.balance ?? '0').toBe('0');
  });

  it('compares an amount past 2^53 exactly: refused as a node refuses it, with its exact digits', async () => {
    const mock = app();
    const { holder, sender, recipient, nfts } = await parties(mock);
    const [asset, held] = await heldToken(mock, holder);
    const huge = '100000000000000000001';
    const ft = await mock.post('/_mock/transactions', {
      type: 'contract_call',
      asset,
      sender: holder,
      recipient: sender,
      amount: huge,
      fee: 1,
    });
    expect(ft.status).toBe(400);
    expect(ft.body.message).toBe(`sender ${holder} holds ${held} of ${asset}, not ${huge}`);
    const stx = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender,
      recipient,
      amount: U128_MAX,
      fee: '18446744073709551615',
    });
    expect(stx.status).toBe(400);
    // The sum, exact: 2^128 - 1 + 2^64 - 1.
    expect(stx.body.message).toContain(
      `cannot pay amount + fee (${BigInt(U128_MAX) + 18446744073709551615n} micro-STX)`,
    );
    const nft = await mock.post('/_mock/transactions', {
      type: 'contract_call',
      asset: nfts[0],
      sender,
      recipient,
      amount: '9007199254740993',
      fee: 1,
    });
    expect(nft.status).toBe(400);
    expect(nft.body.message).toMatch(/does not own .*#9007199254740993$/);
  });

  it.each([
    ['amount', -5],
    ['amount', 0],
    ['amount', '0'],
    ['amount', 1.5],
    ['amount', '1.5'],
    ['amount', '1e3'],
    ['amount', 1e300],
    ['amount', 2 ** 53],
    ['amount', ''],
    ['amount', ' 12'],
    ['amount', '-12'],
    ['amount', '+12'],
    ['amount', '0x10'],
    ['amount', '007'],
    ['amount', '340282366920938463463374607431768211456'],
    ['amount', '1'.repeat(40)],
    ['amount', null],
    ['amount', true],
    ['amount', [1]],
    ['amount', { value: 1 }],
    ['fee', -1],
    ['fee', 0.5],
    ['fee', '1e2'],
    ['fee', ''],
    ['fee', 2 ** 60],
    ['fee', '18446744073709551616'],
    ['fee', null],
    ['fee', '00'],
  ])('refuses %s %j with a 400 naming the field', async (field, value) => {
    const mock = app();
    const { sender, recipient } = await parties(mock);
    const body = { type: 'token_transfer', sender, recipient, amount: '1000', fee: '10', [field]: value };
    const res = await mock.post('/_mock/transactions', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(
        new RegExp(`^body\\.${field} must be a whole number .*(string of decimal digits).*, got .+$`),
      ),
    });
  });

  it('refuses a missing amount by name', async () => {
    const mock = app();
    const { sender, recipient } = await parties(mock);
    const res = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender,
      recipient,
      fee: '10',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/required property 'amount'/);
  });

  it('in process (startMock’s submit), the same rules and messages, the field named tx.<field>', () => {
    const { live } = mockApp();
    const catalogue = live.queries.catalogue();
    const base = {
      type: 'token_transfer' as const,
      sender: catalogue.addresses.stx_activity,
      recipient: catalogue.addresses.locked_stx,
    };
    expect(live.submit({ ...base, amount: '4200', fee: '10' }).tx_id).toMatch(/^0x[0-9a-f]{64}$/);
    const refusal = (amount: unknown) => {
      try {
        live.submit({ ...base, amount: amount as string, fee: 10 });
      } catch (err) {
        expect(err).toBeInstanceOf(ControlError);
        return (err as ControlError).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('-1')).toMatch(/^tx\.amount must be a whole number .* got "-1"$/);
    expect(refusal(10n)).toMatch(/^tx\.amount must be .* got 10n$/);
    expect(refusal(undefined)).toMatch(/^tx must have required property 'amount'$/);
  });
});
