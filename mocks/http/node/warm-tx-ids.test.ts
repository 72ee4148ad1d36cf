import { describe, expect, it } from 'vitest';
import { toHex } from '../../world/hex.ts';
import { txHash } from '../../world/wire/node/tx-hash.ts';
import { generatedBytes } from '../../world/wire/tx-bytes.ts';
import { RECENT_IDS } from '../../world/tables/hashed-ids.ts';
import { bindIdSource } from '../../world/tables/tx-table.ts';
import { TxIdWarmer } from './warm-tx-ids.ts';
import { createWorldQueries } from '../../query/world-queries.ts';

describe('transaction ids warmed in the background', () => {
  it('are none hashed at build, and a lookup before the warmer is done finds every row', () => {
    const queries = createWorldQueries({ seed: 3, blocks: 60 });
    const { txs } = queries.chain;
    const derived = Array.from({ length: txs.count }, (_, row) => row).filter((row) => !txs.hasWholeId(row));
    expect(derived.length).toBeGreaterThan(txs.count / 2);
    expect(derived.every((row) => txs.idPending(row))).toBe(true);
    const warmer = new TxIdWarmer(() => queries.chain);
    void warmer.start();
    // No slice has run yet: the lookups are the first to need these ids.
    for (const row of derived)
      expect(queries.knowsTx(toHex(txHash(generatedBytes(queries.chain, txs, row)))), `row ${row}`).toBe(
        true,
      );
    warmer.stop();
  });

  it('leaves every row with its id, the hash of its bytes, and lookups find them', async () => {
    const queries = createWorldQueries({ seed: 4, blocks: 60 });
    const { txs } = queries.chain;
    const warmer = new TxIdWarmer(() => queries.chain);
    await warmer.start();
    warmer.stop();
    for (let row = 0; row < txs.count; row++) {
      expect(txs.idPending(row)).toBe(false);
      const id = toHex(txHash(generatedBytes(queries.chain, txs, row)));
      if (!txs.hasWholeId(row)) expect(txs.idHex(row)).toBe(id);
      expect(queries.knowsTx(txs.idHex(row))).toBe(true);
    }
  });

  it("keeps the default world's ids it hashed: serving every row after, twice, hashes none again", async () => {
    const queries = createWorldQueries({});
    const { txs } = queries.chain;
    expect(txs.count).toBeLessThanOrEqual(RECENT_IDS);
    // Counted, not hashed: what is asked of the source is the point, not the ids.
    const hashed: number[] = [];
    bindIdSource(txs, (row) => {
      hashed.push(row);
      return new Uint8Array(32).fill(row & 0xff);
    });
    const warmer = new TxIdWarmer(() => queries.chain);
    await warmer.start();
    warmer.stop();
    const warmed = hashed.length;
    expect(warmed).toBeGreaterThan(txs.count / 2);
    for (let pass = 0; pass < 2; pass++) for (let row = 0; row < txs.count; row++) txs.idBytes(row);
    expect(hashed).toHaveLength(warmed);
  });
});
