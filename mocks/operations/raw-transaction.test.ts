import { sha512_256 } from '@noble/hashes/sha512';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { deserializeTransaction } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { Action, Status } from '../world/tables/kinds.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';

// One world for the file, every answer checked against the spec by the client.
const app = createMockApp({ blocks: 200, quiet: true, rateLimit: 0 });
const get = specCheckedClient(app);

type Json = Record<string, any>;
const body = specCheckedBody<Json>(get);
const { chain } = app.live.queries;

/** A row of each kind the route finds: mined in a block, in the stream on the tip, pending, dropped. */
function rowWhere(count: number, keep: (row: number) => boolean): number {
  for (let row = 0; row < count; row++) if (keep(row)) return row;
  throw new Error('no such row in the world');
}
const m = chain.mempool;
const ids = {
  mined: chain.txs.idHex(
    rowWhere(chain.anchoredCount, (row) => chain.txs.action[row] === Action.StxTransfer),
  ),
  unanchored: chain.txs.idHex(rowWhere(chain.txs.count, (row) => row >= chain.anchoredCount)),
  pending: m.idHex(rowWhere(m.count, (row) => m.status[row] === Status.Pending)),
  dropped: m.idHex(rowWhere(m.count, (row) => m.status[row] !== Status.Pending)),
};

describe("a transaction's bytes (tx/{tx_id}/raw)", () => {
  it.each(Object.entries(ids))(
    'are the ones its id hashes, and decode to what tx/{tx_id} serves (%s)',
    async (kind, id) => {
      const raw = (await body(`/extended/v1/tx/${id}/raw`)).raw_tx as string;
      expect(`0x${bytesToHex(sha512_256(hexToBytes(raw.slice(2))))}`).toBe(id);
      const tx = await body(`/extended/v1/tx/${id}?unanchored=${kind === 'unanchored'}`);
      const decoded = deserializeTransaction(raw.slice(2));
      expect(decoded.auth.spendingCondition.nonce).toBe(BigInt(tx.nonce));
      expect(decoded.postConditions.values).toHaveLength(tx.post_conditions.length);
      expect(decoded.txid()).toBe(id.slice(2));
    },
  );

  it('find the id without 0x and in upper case', async () => {
    const raw = await body(`/extended/v1/tx/${ids.mined}/raw`);
    expect(await body(`/extended/v1/tx/${ids.mined.slice(2)}/raw`)).toEqual(raw);
    expect(await body(`/extended/v1/tx/${ids.mined.toUpperCase().replace('0X', '0x')}/raw`)).toEqual(raw);
  });

  it('answer 404 for an unknown id and 400 for a malformed one or a bad event_limit', async () => {
    const unknown = await body(`/extended/v1/tx/0x${'ab'.repeat(32)}/raw`, 404);
    expect(unknown.message).toBe('could not find raw transaction by ID');
    await body(`/extended/v1/tx/0x${'ab'.repeat(31)}/raw`, 400);
    await body(`/extended/v1/tx/${ids.mined}/raw?event_limit=101`, 400);
  });
});
