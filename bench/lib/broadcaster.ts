import { makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';

/** What a broadcasting client did while the load ran. */
export interface BroadcastTally {
  sent: number;
  accepted: number;
  refused: number;
}

const KEY = `${'3b'.repeat(32)}01`;

/**
 * A wallet broadcasting while the read load runs: a key funded by the testnet faucet, then a
 * signed STX transfer every `everyMs`, each with the next nonce (stacks.js signs in this process,
 * as an app does). Resolves once the faucet's STX are mined; `stop()` ends it and gives the tally.
 */
export async function startBroadcaster(
  baseUrl: string,
  everyMs: number,
): Promise<{ stop(): Promise<BroadcastTally> }> {
  const sender = privateKeyToAddress(KEY, 'testnet');
  const recipient = privateKeyToAddress(`${'4c'.repeat(32)}01`, 'testnet');
  await fetch(`${baseUrl}/extended/v1/faucets/stx?address=${sender}`, { method: 'POST' });
  await fetch(`${baseUrl}/_mock/mine`, { method: 'POST' });
  const tally: BroadcastTally = { sent: 0, accepted: 0, refused: 0 };
  let nonce = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const tx = await makeSTXTokenTransfer({
        recipient,
        amount: 1n,
        senderKey: KEY,
        network: 'testnet',
        nonce,
        fee: 300,
      });
      tally.sent++;
      const res = await fetch(`${baseUrl}/v2/transactions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: new Uint8Array(tx.serializeBytes()),
      });
      await res.arrayBuffer();
      if (res.ok) {
        tally.accepted++;
        nonce++;
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
