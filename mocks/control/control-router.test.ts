import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { listOperations } from '../../spec/document.ts';
import { createMockApp } from '../app.ts';
import { controlSpec } from './control-spec.ts';

const BLOCKS = 80;

/** A new mock, reached with the one HTTP client. */
function app(options: Parameters<typeof createMockApp>[0] = {}): HttpClient {
  return httpClient(createMockApp({ quiet: true, rateLimit: 0, blocks: BLOCKS, seed: 4, ...options }));
}

function expectErrorBody(res: HttpResponse, status: number, message: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    statusCode: status,
    error: expect.any(String),
    message: expect.stringMatching(message),
  });
}

describe('the control plane over HTTP', () => {
  it('mines: 200 with the new tip, which /extended, blocks/latest and /_mock/world then show', async () => {
    const mock = app();
    const res = await mock.post('/_mock/mine', { blocks: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ height: BLOCKS + 2, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await mock.get('/extended/v2/blocks/latest')).body).toMatchObject(res.body);
    expect((await mock.get('/extended')).body.chain_tip.block_height).toBe(BLOCKS + 2);
    // The world catalogue keeps the generated size (a suite rebuilds that world from it) and follows the tip.
    expect((await mock.get('/_mock/world')).body).toMatchObject({
      blocks: BLOCKS,
      tip: { height: BLOCKS + 2 },
    });
    expect((await mock.post('/_mock/mine')).body.height).toBe(BLOCKS + 3);
  });

  it('never serves a cached answer or an ETag match from before a change', async () => {
    const mock = app();
    const first = await mock.get('/extended');
    const again = await mock.get('/extended', { 'If-None-Match': first.headers.etag as string });
    expect(again.status).toBe(304);
    await mock.post('/_mock/mine');
    const after = await mock.get('/extended', { 'If-None-Match': first.headers.etag as string });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.chain_tip.block_height).toBe(BLOCKS + 1);

    const catalogue = (await mock.get('/_mock/world')).body;
    const sender = catalogue.addresses.stx_activity as string;
    const url = `/extended/v1/address/${sender}/balances`;
    const before = (await mock.get(url)).body;
    const submitted = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender,
      recipient: catalogue.addresses.locked_stx,
      amount: 1000,
      fee: 10,
    });
    expect(submitted.status).toBe(201);
    const pending = (await mock.get(url)).body;
    expect(BigInt(pending.stx.pending_balance_outbound) - BigInt(before.stx.pending_balance_outbound)).toBe(
      1010n,
    );
    const stats = await mock.get('/extended/v1/tx/mempool/stats');
    const tx = await mock.get(`/extended/v1/tx/multiple?tx_id=${submitted.body.tx_id}`);
    expect(tx.body[submitted.body.tx_id].result.tx_status).toBe('pending');
    await mock.post('/_mock/mine');
    const mined = await mock.get(`/extended/v1/tx/multiple?tx_id=${submitted.body.tx_id}`);
    expect(mined.body[submitted.body.tx_id].result).toMatchObject({
      tx_status: 'success',
      block_height: BLOCKS + 2,
    });
    expect((await mock.get('/extended/v1/tx/mempool/stats')).text).not.toBe(stats.text);
  });

  it.each([
    ['/_mock/mine', { blocks: 0 }, /blocks must be >= 1/],
    ['/_mock/mine', { blocks: 1001 }, /blocks must be <= 1000/],
    ['/_mock/mine', { blocks: '2' }, /blocks must be integer/],
    ['/_mock/mine', { blocks: 1, extra: true }, /unknown property extra/],
    ['/_mock/reorg', {}, /required property 'depth'/],
    ['/_mock/reorg', { depth: 500 }, /depth must be <= 100/],
    ['/_mock/transactions', { type: 'coinbase' }, /type must be token_transfer or contract_call/],
    [
      '/_mock/transactions',
      { type: 'token_transfer', sender: 'SPX', recipient: 'SPY', amount: 1, fee: 1 },
      /sender must match format/,
    ],
    [
      '/_mock/transactions',
      {
        type: 'contract_call',
        sender: 'SP000000000000000000002Q6VF78',
        recipient: 'SP000000000000000000002Q6VF78',
        amount: 1,
        fee: 1,
      },
      /required property 'asset'/,
    ],
    ['/_mock/transactions', [1, 2], /type must be/],
  ])('POST %s %j → 400 with the error body', async (path, body, message) => {
    expectErrorBody(await app().post(path, body as object), 400, message);
  });

  it('answers 400 to a body that is not JSON, 405 to another method', async () => {
    const bad = await app().send({
      method: 'POST',
      target: '/_mock/mine',
      headers: { 'Content-Type': 'application/json' },
      body: '{"blocks":',
    });
    expectErrorBody(bad, 400, /not valid JSON/);
    const get = await app().get('/_mock/mine');
    expectErrorBody(get, 405, /takes POST/);
    expect(get.headers.allow).toBe('POST');
  });

  it('refuses a transfer its sender cannot pay, as a node does', async () => {
    const mock = app();
    const catalogue = (await mock.get('/_mock/world')).body;
    const res = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender: catalogue.addresses.unknown,
      recipient: catalogue.addresses.stx_activity,
      amount: 5,
      fee: 1,
    });
    expectErrorBody(res, 400, /has no STX/);
  });

  it('serves its own OpenAPI document, which names every control path', async () => {
    const res = await app().get('/_mock/openapi.yaml');
    expect(res.status).toBe(200);
    const paths = listOperations(controlSpec()).map((op) => op.path);
    expect(paths).toEqual(expect.arrayContaining(['/_mock/mine', '/_mock/prefer', '/_mock/rate-limits']));
    expect(Object.keys(parse(res.text).paths)).toEqual(paths);
  });

  it('is open on loopback only: elsewhere 403 without a token; with one, 401 without the header, 403 with a wrong one', async () => {
    expectErrorBody(await app({ host: '0.0.0.0' }).post('/_mock/mine'), 403, /--control-token/);
    const guarded = app({ host: '0.0.0.0', controlToken: 'sesame-1234' });
    expectErrorBody(await guarded.post('/_mock/reset'), 401, /X-Control-Token/);
    expectErrorBody(
      await guarded.post('/_mock/reset', undefined, { 'X-Control-Token': 'sesame-9999' }),
      403,
      /not the one/,
    );
    const ok = await guarded.post('/_mock/mine', undefined, { 'X-Control-Token': 'sesame-1234' });
    expect(ok.status).toBe(200);
    // Reading stays open: the world catalogue and the spec are not controls.
    expect((await guarded.get('/_mock/openapi.yaml')).status).toBe(200);
  });
});

describe('the control plane with a world file', () => {
  it('takes the world file’s account names as sender and recipient, as the world file and the home page name them', async () => {
    const world = fileURLToPath(new URL('../../fixtures/worlds/wallet.yaml', import.meta.url));
    const mock = app({ world, blocks: 400 });
    const me = 'SP27VDEYQ5VR81ZT28C23NRPEKY21Q85TQCNY94MD';
    const res = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender: 'me',
      recipient: 'exchange',
      amount: '1000',
      fee: '200',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tx = await mock.get(`/extended/v1/tx/multiple?tx_id=${res.body.tx_id as string}`);
    expect(tx.body[res.body.tx_id].result).toMatchObject({
      sender_address: me,
      token_transfer: { recipient_address: 'SP9KSQZ5G7W8GYS9AHR99VYHWWZRRHCG7EYJZVRQ' },
    });
    const unknown = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender: 'nobody',
      recipient: 'me',
      amount: '1',
      fee: '1',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/sender/);
  });
});
