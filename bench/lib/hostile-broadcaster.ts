import fc from 'fast-check';
import { createNetwork } from '@stacks/network';
import { makeContractDeploy, privateKeyToAddress } from '@stacks/transactions';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import { FIXTURES } from '../../testing/fuzz/hostile-calls.ts';
import { hostileCase, signHostile } from '../../testing/fuzz/hostile-transactions.ts';
import { broadcastEvery, type BroadcastTally } from './broadcaster.ts';

/** What the hostile traffic did: broadcasts sent and how the mock took them, then how the chain recorded those taken. */
export interface HostileTally extends BroadcastTally {
  /** `tx_status` of each taken one once mined or dropped; `never stored` for a problematic deployment. */
  outcomes: Record<string, number>;
}

const FIXTURE_KEY = `${'5d'.repeat(32)}01`;

function keyOf(i: number): string {
  return `${(0x100000 + i).toString(16).padStart(64, '0')}01`;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`hostile traffic: ${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

async function statusOf(client: HttpClient, txid: string): Promise<string> {
  const res = await client.get(`/extended/v1/tx/0x${txid}`);
  if (res.status === 404) return 'never stored';
  return (res.body as { tx_status: string }).tx_status;
}

/**
 * Hostile transactions from the fuzz's grammar (testing/fuzz/hostile-*.ts), `count` of them
 * drawn with `seed`, each from a key of its own (nonce 0, so whatever happens to one, the next
 * is valid) that the testnet faucet funds; the fuzz's fixtures deployed first. All are signed
 * before any load runs: signing in this process would take its time from the load generator.
 * The mock's block clock mines them.
 */
export async function prepareHostile(baseUrl: string, count: number, seed: number) {
  const client = httpClient(baseUrl, { timeoutMs: 180_000 });
  const network = createNetwork({ network: 'testnet', client: { baseUrl } });
  const fixtures = privateKeyToAddress(FIXTURE_KEY, 'testnet');
  const keys = Array.from({ length: count }, (_, i) => keyOf(i));
  for (const address of [fixtures, ...keys.map((k) => privateKeyToAddress(k, 'testnet'))])
    await client.post(`/extended/v1/faucets/stx?address=${address}`);
  const last = privateKeyToAddress(keys.at(-1) as string, 'testnet');
  await until('the faucet’s transfers mined', async () => {
    const res = await client.get(`/extended/v1/address/${last}/balances`);
    return BigInt((res.body as { stx: { balance: string } }).stx.balance) > 0n;
  });
  const deployed: string[] = [];
  for (const [nonce, { name, source }] of FIXTURES.entries()) {
    const tx = await makeContractDeploy({
      contractName: name,
      codeBody: source,
      senderKey: FIXTURE_KEY,
      network,
      nonce,
      fee: 300_000,
    });
    await client.post('/v2/transactions', { tx: tx.serialize() });
    deployed.push(tx.txid());
  }
  await until(
    'the fixtures deployed',
    async () => (await statusOf(client, deployed.at(-1) as string)) === 'success',
  );
  const cases = fc.sample(hostileCase, { seed, numRuns: count });
  const signed = await Promise.all(
    cases.map(async (h, i) =>
      (
        await signHostile(h, { key: keys[i] as string, nonce: 0, network, fixtures, name: `hostile-${i}` })
      ).serializeBytes(),
    ),
  );
  const taken: string[] = [];

  /** Sends the next signed transactions `everyMs` after each answer until stopped (`broadcastEvery`). */
  function start(everyMs: number): { stop(): Promise<HostileTally> } {
    const sending = broadcastEvery(client, signed, everyMs, (txid) => taken.push(txid));
    return { stop: async () => ({ ...(await sending.stop()), outcomes: {} }) };
  }

  /** Waits until every transaction taken so far left the mempool (mined, dropped or never stored), and counts how. */
  async function drain(tally: HostileTally): Promise<void> {
    const ids = taken.splice(0);
    for (const id of ids) {
      let status = 'pending';
      await until(`${id} mined`, async () => (status = await statusOf(client, id)) !== 'pending');
      tally.outcomes[status] = (tally.outcomes[status] ?? 0) + 1;
    }
  }

  return { start, drain, close: () => client.close() };
}
