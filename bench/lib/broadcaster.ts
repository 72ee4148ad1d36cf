import { makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { httpClient } from '../../spec/http/client.ts';

/** What a broadcasting client did while the load ran. */
export interface BroadcastTally {
  sent: number;
  accepted: number;
  refused: number;
}

const KEY = `${'3b'.repeat(32)}01`;

/**
 * A wallet broadcasting while the read load runs: a key funded by the testnet faucet, then a
 * signed STX transfer every `everyMs`, each with the next nonce, for `seconds` at most. The
 * transfers are signed with stacks.js before the load starts: signing in this process would take
 * its time from the load generator, which the bare-server run it is compared with does not pay.
 * Resolves once the faucet's STX are mined; `stop()` ends it and gives the tally.
 */
export async function startBroadcaster(
  baseUrl: string,
  everyMs: number,
  seconds: number,
): Promise<{ stop(): Promise<BroadcastTally> }> {
  const sender = privateKeyToAddress(KEY, 'testnet');
  const recipient = privateKeyToAddress(`${'4c'.repeat(32)}01`, 'testnet');
  const client = httpClient(baseUrl);
  await client.post(`/extended/v1/faucets/stx?address=${sender}`);
  await client.post('/_mock/mine');
  const signed: Uint8Array[] = [];
  for (let nonce = 0; nonce < Math.ceil((seconds * 1000) / everyMs) + 10; nonce++) {
    const tx = await makeSTXTokenTransfer({
      recipient,
      amount: 1n,
      senderKey: KEY,
      network: 'testnet',
      nonce,
      fee: 300,
    });
    signed.push(tx.serializeBytes());
  }
  const tally: BroadcastTally = { sent: 0, accepted: 0, refused: 0 };
  let running = true;
  const loop = (async () => {
    for (const body of signed) {
      if (!running) break;
      tally.sent++;
      const res = await client.send({
        method: 'POST',
        target: '/v2/transactions',
        headers: { 'Content-Type': 'application/octet-stream' },
        body,
      });
      if (res.status === 200) tally.accepted++;
      else tally.refused++;
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.close();
      return tally;
    },
  };
}
