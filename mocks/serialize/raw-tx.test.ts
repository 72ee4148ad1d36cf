import { describe, expect, it, vi } from 'vitest';
import { toHex } from '../world/hex.ts';
import { txHash } from '../world/wire/node/tx-hash.ts';
import { createWorldQueries } from '../query/world-queries.ts';
import { rawTxOf } from './raw-tx.ts';

const written = vi.hoisted(() => ({ rows: [] as number[] }));

vi.mock('../world/wire/tx-bytes.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../world/wire/tx-bytes.ts')>();
  return {
    ...original,
    generatedBytes: (...args: Parameters<typeof original.generatedBytes>) => {
      written.rows.push(args[2]);
      return original.generatedBytes(...args);
    },
  };
});

describe("a row's raw form", () => {
  it('is written once for a row whose id is computed on the way: the bytes hashed are the bytes served', () => {
    const queries = createWorldQueries({ seed: 5, blocks: 60 });
    const { txs } = queries.chain;
    const row = txs.count - 1;
    expect(txs.idPending(row)).toBe(true);
    written.rows.length = 0;
    const raw = rawTxOf(queries.chain, txs, row);
    expect(written.rows).toEqual([row]);
    expect(toHex(txHash(Buffer.from(raw.hex.slice(2), 'hex')))).toBe(raw.txid);
  });
});
