import { makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';

/** What a broadcasting client did while the load ran: broadcasts sent, and how the mock took them. */
export interface BroadcastTally {
  sent: number;
  taken: number;
  refused: number;
}

/** A broadcasting client's send loop: `stop()` ends it once the broadcast in flight is answered. */
export interface Broadcasting {
  stop(): Promise<BroadcastTally>;
}

const KEY = `${'3b'.repeat(32)}01`;

/**
 * Broadcasts the signed transactions of `queue` to `POST /v2/transactions`, taking each from its
 * front, one `everyMs` after the last one's answer, until the queue is empty or `stop()`: what is
 * left stays for a later loop. `taken` is told each txid the mock took. The transactions are signed
 * before the load starts: signing in this process would take its time from the load generator.
 */
export function broadcastEvery(
  client: HttpClient,
  queue: Uint8Array[],
  everyMs: number,
  taken: (txid: string) => void = () => undefined,
): Broadcasting {
  const tally: BroadcastTally = { sent: 0, taken: 0, refused: 0 };
  let running = true;
  const loop = (async () => {
    while (running && queue.length > 0) {
      const body = queue.shift() as Uint8Array;
      tally.sent++;
      const res = await client.send({
        method: 'POST',
        target: '/v2/transactions',
        headers: { 'Content-Type': 'application/octet-stream' },
        body,
      });
      if (res.status === 200) {
        tally.taken++;
        taken(res.body as string);
      } else tally.refused++;
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return tally;
    },
  };
}

/**
 * A wallet broadcasting while the read load runs: a key funded by the testnet faucet, then a
 * signed STX transfer every `everyMs` (`broadcastEvery`), each with the next nonce, for `seconds`
 * at most, signed with stacks.js before the load starts (the bare-server run it is compared with
 * pays no signing). Resolves once the faucet's STX are mined; `stop()` ends it and gives the tally.
 */
export async function startBroadcaster(
  baseUrl: string,
  everyMs: number,
  seconds: number,
): Promise<Broadcasting> {
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
  const sending = broadcastEvery(client, signed, everyMs);
  return {
    stop: async () => {
      const tally = await sending.stop();
      await client.close();
      return tally;
    },
  };
}
