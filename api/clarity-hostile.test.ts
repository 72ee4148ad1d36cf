import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  Cl,
  hexToCV,
  makeContractCall,
  makeContractDeploy,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { startMock, type Mock } from './index.ts';
import { engineWarmed } from '../testing/http/engine-warmed.ts';

// Contracts a node keeps out, and the mock answering everyone else meanwhile. One mock (one
// Clarity engine) for the file; blocks mined through the control plane.
const KEY = 'd2e1c7ab5fec1b6f4ce42a8c8a3fc6f8c9a4b4d2fa2a3b2be8f4c2d3e5f6a70801';
const sender = privateKeyToAddress(KEY, 'testnet');
const OTHER = privateKeyToAddress(`${(11).toString(16).padStart(64, '0')}01`, 'testnet');

let mock: Mock;
let client: HttpClient;
let network: ReturnType<typeof createNetwork>;

beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', blocks: 60, quiet: true });
  client = httpClient(mock.url);
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  expect((await client.post(`/extended/v1/faucets/stx?address=${sender}`)).status).toBe(200);
  expect((await client.post('/_mock/mine', {})).status).toBe(200);
  // The engine starts on the mock's thread, seconds on a busy machine: warmed here, not inside
  // the first test's timeout.
  await engineWarmed(mock.url);
}, 180_000);
afterAll(async () => {
  await client.close();
  await mock.close();
});

async function deploy(name: string, codeBody: string, nonce: number) {
  return makeContractDeploy({ contractName: name, codeBody, senderKey: KEY, network, nonce, fee: 200_000 });
}

async function nextNonce(): Promise<number> {
  const res = await client.get(`/extended/v1/address/${sender}/nonces`);
  return (res.body as { possible_next_nonce: number }).possible_next_nonce;
}

/** A public function that writes a map entry for each of 20,000 keys: past a block's 15,000 writes. */
const WRITER = `(define-data-var runs uint u0)
(define-map m uint uint)
(define-constant L (list ${Array.from({ length: 1000 }, (_, i) => `u${i}`).join(' ')}))
(define-private (write (i uint) (acc uint)) (begin (map-set m (+ i acc) i) (+ acc u1)))
(define-private (batch (i uint) (acc uint)) (fold write L acc))
(define-public (flood) (begin (var-set runs (+ (var-get runs) u1)) (ok (fold batch (list ${Array.from({ length: 20 }, (_, i) => `u${i}`).join(' ')}) u0))))
`;

describe('hostile contracts, as a node keeps them out', () => {
  it('a deployment nested past the parser’s depth: answered with its txid, never stored, its nonce still free', async () => {
    const deep = `(define-read-only (deep) ${'(+ u1 '.repeat(80)}u1${')'.repeat(80)})`;
    const tx = await deploy('deep', deep, 0);
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() });
    expect((await client.post('/_mock/mine', {})).status).toBe(200);
    expect((await client.get(`/extended/v1/tx/0x${tx.txid()}`)).status).toBe(404);
    expect(await nextNonce()).toBe(0);
  });

  it('a call past the block’s cost limits is left out and dropped too expensive; the transfer beside it is mined', async () => {
    const writer = await deploy('writer', WRITER, 0);
    expect(await broadcastTransaction({ transaction: writer, network })).toEqual({ txid: writer.txid() });
    expect((await client.post('/_mock/mine', {})).status).toBe(200);
    expect((await client.get(`/extended/v1/tx/0x${writer.txid()}`)).body).toMatchObject({
      tx_status: 'success',
    });
    const flood = await makeContractCall({
      contractAddress: sender,
      contractName: 'writer',
      functionName: 'flood',
      functionArgs: [],
      senderKey: KEY,
      network,
      nonce: 1,
      fee: 10_000,
    });
    expect(await broadcastTransaction({ transaction: flood, network })).toEqual({ txid: flood.txid() });
    const transfer = await makeSTXTokenTransfer({
      recipient: sender,
      amount: 1_000n,
      senderKey: `${(11).toString(16).padStart(64, '0')}01`,
      network,
      nonce: 0,
      fee: 1_000,
    });
    expect((await client.post(`/extended/v1/faucets/stx?address=${OTHER}`)).status).toBe(200);
    expect((await client.post('/_mock/mine', {})).status).toBe(200);
    expect(await broadcastTransaction({ transaction: transfer, network })).toEqual({ txid: transfer.txid() });
    expect((await client.post('/_mock/mine', {})).status).toBe(200);
    expect((await client.get(`/extended/v1/tx/0x${flood.txid()}`)).body).toMatchObject({
      tx_status: 'dropped_too_expensive',
    });
    expect((await client.get(`/extended/v1/tx/0x${transfer.txid()}`)).body).toMatchObject({
      tx_status: 'success',
    });
    const runs = await client.get(`/v2/data_var/${sender}/writer/runs?proof=0`);
    expect(hexToCV((runs.body as { data: string }).data)).toEqual(Cl.uint(0));
    expect(await nextNonce()).toBe(1);
  });
});
