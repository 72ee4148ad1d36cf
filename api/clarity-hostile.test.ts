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
  // A read after the engine is lost waits for a new one's start and replay: seconds, more on a busy machine.
  client = httpClient(mock.url, { timeoutMs: 120_000 });
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  expect((await client.post(`/extended/v1/faucets/stx?address=${sender}`)).status).toBe(200);
  expect((await client.post('/_mock/mine', {})).status).toBe(200);
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

/**
 * A public function of 10⁹ hashes: past the runtime limit (5·10⁹ units) on a node; the simnet
 * would take minutes to reach it, so the mock stops it at its budget for one call (5 s).
 */
const THOUSAND = `(list ${Array.from({ length: 1000 }, (_, i) => `u${i}`).join(' ')})`;
const SPINNER = `(define-data-var spins uint u0)
(define-constant L ${THOUSAND})
(define-private (h (i uint) (acc (buff 32))) (sha256 acc))
(define-private (inner (i uint) (acc (buff 32))) (fold h L acc))
(define-private (outer (i uint) (acc (buff 32))) (fold inner L acc))
(define-public (spin) (begin (var-set spins u1) (ok (fold outer L 0x00))))
`;

/**
 * A test that mines a spin: the mock stops it at 5 s of the engine's CPU time, which on a machine
 * busy with other work takes several times that long.
 */
const SPIN_MS = 120_000;

/** A call of the deployed spinner's `spin`, at the sender's next nonce. */
async function spinCall() {
  return makeContractCall({
    contractAddress: sender,
    contractName: 'spinner',
    functionName: 'spin',
    functionArgs: [],
    senderKey: KEY,
    network,
    nonce: await nextNonce(),
    fee: 10_000,
  });
}

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

  it(
    'a call that spins toward the runtime limit is stopped at the mock’s budget and dropped too expensive; a new engine serves on',
    async () => {
      const spinner = await deploy('spinner', SPINNER, await nextNonce());
      expect(await broadcastTransaction({ transaction: spinner, network })).toEqual({ txid: spinner.txid() });
      expect((await client.post('/_mock/mine', {})).status).toBe(200);
      const spin = await spinCall();
      expect(await broadcastTransaction({ transaction: spin, network })).toEqual({ txid: spin.txid() });
      expect((await client.post('/_mock/mine', {})).status).toBe(200);
      expect((await client.get(`/extended/v1/tx/0x${spin.txid()}`)).body).toMatchObject({
        tx_status: 'dropped_too_expensive',
      });
      const spins = await client.get(`/v2/data_var/${sender}/spinner/spins?proof=0`);
      expect(hexToCV((spins.body as { data: string }).data)).toEqual(Cl.uint(0));
    },
    SPIN_MS,
  );

  it(
    'while a call spins in a block being mined, every other request is answered, from the chain before the block, and the block lands after them',
    async () => {
      // A read waits for the engine the spin's stop replaced: the next block runs in it.
      expect((await client.get(`/v2/data_var/${sender}/spinner/spins?proof=0`)).status).toBe(200);
      const spin = await spinCall();
      expect(await broadcastTransaction({ transaction: spin, network })).toEqual({ txid: spin.txid() });
      const tipOf = (res: { body: unknown }) =>
        (res.body as { chain_tip: { block_height: number } }).chain_tip.block_height;
      const before = tipOf(await client.get('/extended'));
      let landed = false;
      const mined = client.post('/_mock/mine', {}).then((res) => {
        landed = true;
        return res;
      });
      // Rounds of reads while the block is in flight, up to 20: each answered with the tip before it.
      let rounds = 0;
      while (!landed && rounds < 20) {
        const [status, balances] = [
          await client.get('/extended'),
          await client.get(`/extended/v1/address/${OTHER}/balances`),
        ];
        if (landed) break;
        expect(status.status).toBe(200);
        expect(balances.status).toBe(200);
        expect(tipOf(status)).toBe(before);
        rounds++;
      }
      // Before, the mock's thread slept while the engine ran the block: at most a read sent ahead
      // of the mine could be answered before it.
      expect(rounds).toBeGreaterThanOrEqual(3);
      expect((await mined).status).toBe(200);
      expect(tipOf(await client.get('/extended'))).toBe(before + 1);
      expect((await client.get(`/extended/v1/tx/0x${spin.txid()}`)).body).toMatchObject({
        tx_status: 'dropped_too_expensive',
      });
    },
    SPIN_MS,
  );
});
