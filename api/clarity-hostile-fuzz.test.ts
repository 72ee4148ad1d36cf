import fc from 'fast-check';
import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  Cl,
  cvToString,
  fetchCallReadOnlyFunction,
  makeContractDeploy,
  makeSTXTokenTransfer,
  privateKeyToAddress,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { hostileFuzzSettings } from '../testing/fuzz/fuzz-settings.ts';
import { FIXTURES, floodReads } from '../testing/fuzz/hostile-calls.ts';
import { nonceStep, type Outcome } from '../testing/fuzz/hostile-outcome.ts';
import { BLOCK_LIMIT } from '../testing/fuzz/node-limits.ts';
import { hostileCase, signHostile, type Hostile } from '../testing/fuzz/hostile-transactions.ts';
import { startMock, type Mock } from './index.ts';

// Hostile deployments and calls drawn from a grammar (testing/fuzz/hostile-*.ts), each broadcast
// with stacks.js beside an ordinary transfer, mined, and checked against what a stacks-node does
// (node-limits.ts cites its rules); ordinary reads are answered meanwhile. One mock for the file.
const { runs, seed, seedFrom } = hostileFuzzSettings();
console.log(
  `hostile fuzz: seed ${seed} (${seedFrom}), ${runs} cases; replay: FUZZ_SEED=${seed} HOSTILE_FUZZ_RUNS=${runs} npx vitest run api/clarity-hostile-fuzz.test.ts`,
);

const HOSTILE_KEY = `${(21).toString(16).padStart(64, '0')}01`;
const ORDINARY_KEY = `${(22).toString(16).padStart(64, '0')}01`;
const hostile = privateKeyToAddress(HOSTILE_KEY, 'testnet');
const ordinary = privateKeyToAddress(ORDINARY_KEY, 'testnet');
const recipient = privateKeyToAddress(`${(23).toString(16).padStart(64, '0')}01`, 'testnet');
const TRANSFER_FEE = 1_000;

let mock: Mock;
let client: HttpClient;
let network: ReturnType<typeof createNetwork>;
const faults: string[] = [];
let names = 0;

async function get<T>(path: string): Promise<T> {
  const res = await client.get(path);
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body as T;
}

async function nonceOf(address: string): Promise<number> {
  return (await get<{ possible_next_nonce: number }>(`/extended/v1/address/${address}/nonces`))
    .possible_next_nonce;
}

async function balanceOf(address: string): Promise<bigint> {
  return BigInt(
    (await get<{ stx: { balance: string } }>(`/extended/v1/address/${address}/balances`)).stx.balance,
  );
}

async function tipOf(): Promise<number> {
  return (await get<{ chain_tip: { block_height: number } }>('/extended')).chain_tip.block_height;
}

async function mine(): Promise<void> {
  expect((await client.post('/_mock/mine', {})).status).toBe(200);
}

beforeAll(async () => {
  mock = await startMock({
    port: 0,
    network: 'testnet',
    blocks: 60,
    log: (line) => void (/internal error| 5\d\d /.test(line) && faults.push(line)),
  });
  // The first broadcast that needs the engine waits for its start and the world's replay.
  client = httpClient(mock.url, { timeoutMs: 120_000 });
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  for (const address of [hostile, ordinary])
    expect((await client.post(`/extended/v1/faucets/stx?address=${address}`)).status).toBe(200);
  await mine();
  for (const [nonce, { name, source }] of FIXTURES.entries()) {
    const tx = await makeContractDeploy({
      contractName: name,
      codeBody: source,
      senderKey: HOSTILE_KEY,
      network,
      nonce,
      fee: 300_000,
    });
    expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() });
    await mine();
    expect(await get<{ tx_status: string }>(`/extended/v1/tx/0x${tx.txid()}`)).toMatchObject({
      tx_status: 'success',
    });
  }
}, 300_000);

afterAll(async () => {
  await client.close();
  await mock.close();
});

/** What the broadcast answered, as the node answers: its txid, or the mempool's refusal body. */
function checkAnswer(answer: unknown, tx: StacksTransactionWire, expected: Outcome): void {
  if (expected.kind !== 'refused') {
    expect(answer).toEqual({ txid: tx.txid() });
    return;
  }
  expect(answer).toMatchObject({ error: 'transaction rejected', reason: expected.reason, txid: tx.txid() });
  if (expected.message) {
    const data = (answer as { reason_data?: { message?: string } }).reason_data;
    expect(data?.message).toMatch(expected.message);
  }
}

interface MinedTx {
  tx_status: string;
  tx_result?: { repr: string };
  vm_error?: string | null;
  execution_cost_read_count?: number;
  execution_cost_write_count?: number;
  execution_cost_runtime?: number;
}

/** What the chain recorded of it, after its block: checked, and answered (`never stored` for a 404). */
async function checkMined(
  h: Hostile,
  tx: StacksTransactionWire,
  expected: Outcome,
  contract: string,
): Promise<string> {
  const res = await client.get(`/extended/v1/tx/0x${tx.txid()}`);
  if (expected.kind === 'problematic' || expected.kind === 'refused') {
    expect(res.status).toBe(404);
    return 'never stored';
  }
  expect(res.status).toBe(200);
  const mined = res.body as MinedTx;
  if (expected.kind === 'dropped' || (expected.kind === 'fits-or-dropped' && mined.tx_status !== 'success')) {
    expect(mined.tx_status).toBe('dropped_too_expensive');
    return mined.tx_status;
  }
  if (expected.kind === 'abort' || (expected.kind === 'either' && mined.tx_status !== 'success')) {
    expect(mined).toMatchObject({ tx_status: 'abort_by_response', tx_result: { repr: '(err none)' } });
    expect(mined.vm_error).toMatch(expected.vmError);
    return mined.tx_status;
  }
  expect(mined.tx_status).toBe('success');
  if (expected.kind !== 'success' || expected.result) expect(mined.tx_result?.repr).toBe(expected.result);
  // Whatever it cost, it fitted the block (BLOCK_LIMIT_MAINNET_21).
  expect(mined.execution_cost_read_count).toBeLessThanOrEqual(BLOCK_LIMIT.readCount);
  expect(mined.execution_cost_write_count).toBeLessThanOrEqual(BLOCK_LIMIT.writeCount);
  expect(mined.execution_cost_runtime).toBeLessThanOrEqual(BLOCK_LIMIT.runtime);
  if (h.what === 'call' && h.case.fn === 'flood') {
    const n = Number((h.case.args[0] as { value: bigint }).value);
    expect(mined.execution_cost_read_count).toBe(floodReads(n));
  }
  for (const read of expected.kind === 'success' ? expected.reads : []) {
    const value = fetchCallReadOnlyFunction({
      contractAddress: hostile,
      contractName: contract,
      functionName: read.fn,
      functionArgs: [],
      senderAddress: ordinary,
      network,
    });
    // The node reads it; the WebAssembly engine cannot load so deep a contract again (docs/clarity.md).
    if (expected.kind === 'success' && expected.unloadable)
      await expect(value).rejects.toThrow(/Failed to deserialize vm\.Value/);
    else expect(cvToString(await value), read.fn).toBe(read.result);
  }
  return mined.tx_status;
}

describe(`hostile contracts and calls among ordinary traffic (seed ${seed})`, () => {
  it(
    'each is refused, left out or mined as a stacks-node would, with its nonce; the transfer beside it is mined exactly, and reads are answered meanwhile; never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileCase,
          fc.bigInt({ min: 1n, max: 1_000_000n }),
          fc.boolean(),
          async (h, amount, hostileFirst) => {
            const expected = h.case.expect;
            const [tip, hostileNonce, ordinaryNonce, paid, received] = [
              await tipOf(),
              await nonceOf(hostile),
              await nonceOf(ordinary),
              await balanceOf(ordinary),
              await balanceOf(recipient),
            ];
            const tx = await signHostile(h, {
              key: HOSTILE_KEY,
              nonce: hostileNonce,
              network,
              fixtures: hostile,
              name: `h${++names}`,
            });
            const transfer = await makeSTXTokenTransfer({
              recipient,
              amount,
              senderKey: ORDINARY_KEY,
              network,
              nonce: ordinaryNonce,
              fee: TRANSFER_FEE,
            });
            const sendHostile = async () =>
              checkAnswer(await broadcastTransaction({ transaction: tx, network }), tx, expected);
            const sendTransfer = async () =>
              expect(await broadcastTransaction({ transaction: transfer, network })).toEqual({
                txid: transfer.txid(),
              });
            if (hostileFirst) await sendHostile().then(sendTransfer);
            else await sendTransfer().then(sendHostile);
            // The block is mined off the mock's thread: reads during it answer the chain before or after it.
            const mined = mine();
            const during = await tipOf();
            const echo = await fetchCallReadOnlyFunction({
              contractAddress: hostile,
              contractName: 'taker',
              functionName: 'echo',
              functionArgs: [Cl.uint(amount)],
              senderAddress: ordinary,
              network,
            });
            await mined;
            expect([tip, tip + 1]).toContain(during);
            expect(echo).toEqual(Cl.uint(amount + 1n));
            expect(await tipOf()).toBe(tip + 1);
            expect(await get<{ tx_status: string }>(`/extended/v1/tx/0x${transfer.txid()}`)).toMatchObject({
              tx_status: 'success',
            });
            expect(await balanceOf(ordinary)).toBe(paid - amount - BigInt(TRANSFER_FEE));
            expect(await balanceOf(recipient)).toBe(received + amount);
            const recorded = await checkMined(
              h,
              tx,
              expected,
              h.what === 'deploy' ? `h${names}` : h.case.contract,
            );
            expect(await nonceOf(hostile), h.case.label).toBe(hostileNonce + nonceStep(recorded));
            expect(await nonceOf(ordinary)).toBe(ordinaryNonce + 1);
          },
        ),
        { seed, numRuns: runs },
      );
      expect(faults).toEqual([]);
    },
    600_000 + runs * 30_000,
  );
});
