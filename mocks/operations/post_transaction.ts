import { ClarityWarming, isClarityUnavailable } from '../clarity/unavailable.ts';
import { NodeRejection, Undecodable } from './node-refusals.ts';
import { own, ok, type ChainDoor, type OperationHandler, type RawBody } from './types.ts';

/**
 * The node's broadcast: raw bytes, or `{"tx": "<hex>"}` as JSON (stacks.js sends this form). The
 * txid answers as the node writes it, a JSON string without `0x`; a refusal is the node's body.
 * A deployment, or a call only the Clarity engine runs, waits for the engine to hold the chain;
 * without the engine's package it is the one 501 naming it (docs/clarity.md).
 */
export const post_transaction: OperationHandler<'post_transaction', never, true> = {
  defaulted: [],
  waitsForEngine: true,
  answer: async ({ raw, door, release }) => {
    try {
      const { txid } = await broadcastOnceReady(door, transactionBytes(raw), release.epoch4Values);
      return ok<'post_transaction'>(txid.replace(/^0x/, ''));
    } catch (err) {
      if (err instanceof NodeRejection) return own<'post_transaction'>({ json: err.body() });
      if (err instanceof Undecodable) return own<'post_transaction'>({ text: err.message });
      if (isClarityUnavailable(err)) return { status: 501, message: err.message };
      throw err;
    }
  },
};

/** Broadcasts, waiting for the Clarity engine each time the transaction needs it and it is not ready. */
async function broadcastOnceReady(
  door: ChainDoor,
  bytes: Uint8Array,
  epoch4: boolean,
): Promise<{ txid: string }> {
  for (;;) {
    try {
      return door.broadcast(bytes, epoch4);
    } catch (err) {
      if (!(err instanceof ClarityWarming)) throw err;
      await err.ready;
    }
  }
}

/** The transaction's bytes from either form of the body; text the node would give when there are none. */
function transactionBytes(body: RawBody | undefined): Uint8Array {
  if (!body || body.type !== 'application/json') return body?.bytes ?? new Uint8Array();
  let tx: unknown;
  try {
    tx = (JSON.parse(new TextDecoder().decode(body.bytes)) as { tx?: unknown } | null)?.tx;
  } catch {
    throw new Undecodable('Failed to parse body');
  }
  const hex = typeof tx === 'string' ? tx.replace(/^0x/, '') : '';
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new Undecodable('Failed to parse tx');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
