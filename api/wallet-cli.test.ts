import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  fetchNonce,
  makeSTXTokenTransfer,
  privateKeyToAddress,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliFromSources } from '../mocks/cli-build.ts';
import { httpClient, type HttpClient } from '../spec/http/client.ts';

// The wallet's send loop against the mock as a developer starts it: the command line, over HTTP.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = '5f2c8e0d7a6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d01';
const sender = privateKeyToAddress(KEY, 'testnet');

let child: ChildProcess;
let base: string;
let client: HttpClient;

/** A port the system says is free now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  client = httpClient(base);
  child = spawn(
    process.execPath,
    [
      ...(await cliFromSources()),
      '--port',
      String(port),
      '--network',
      'testnet',
      '--blocks',
      '80',
      '--quiet',
      // Nothing here reads a contract: the engine would only spend CPU.
      '--clarity',
      'lazy',
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  for (let tries = 0; ; tries++) {
    const up = await client.get('/extended').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('the CLI mock did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
}, 60_000);
afterAll(async () => {
  await client?.close();
  child.kill();
});

describe('stacks.js against the CLI', () => {
  it('faucet, transfer, broadcast, confirmed by the next mined block, next nonce', async () => {
    const network = createNetwork({ network: 'testnet', client: { baseUrl: base } });
    const faucet = await client.post(`/extended/v1/faucets/stx?address=${sender}`);
    expect(faucet.status).toBe(200);
    expect((await client.post('/_mock/mine')).status).toBe(200);
    const tx = await makeSTXTokenTransfer({
      recipient: privateKeyToAddress(`${'07'.repeat(32)}01`, 'testnet'),
      amount: 5n,
      senderKey: KEY,
      network,
    });
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() });
    expect((await client.post('/_mock/mine')).status).toBe(200);
    expect((await client.get(`/extended/v1/tx/0x${tx.txid()}`)).body.tx_status).toBe('success');
    expect(await fetchNonce({ address: sender, network })).toBe(1n);
  });
});
