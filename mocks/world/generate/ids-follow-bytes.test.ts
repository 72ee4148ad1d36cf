import { describe, expect, it } from 'vitest';
import { toHex } from '../hex.ts';
import { resolveOptions } from '../options.ts';
import type { Chain } from '../tables/chain.ts';
import { Action, Status } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { txHash } from '../wire/node/tx-hash.ts';
import { generatedBytes } from '../wire/tx-bytes.ts';
import { ChainBuilder } from './build-chain.ts';

/** Every transaction the chain knows, mined or in the mempool, by id: its bytes as served now. */
function bytesById(chain: Chain): Map<string, string> {
  const out = new Map<string, string>();
  const add = (table: TxTable): void => {
    for (let row = 0; row < table.count; row++)
      if (table.hasId(row)) out.set(table.idHex(row), toHex(generatedBytes(chain, table, row)));
  };
  add(chain.txs);
  add(chain.mempool);
  return out;
}

/** The ids whose bytes no longer hash to them, and those whose bytes changed since `before`. */
function broken(
  chain: Chain,
  before: ReadonlyMap<string, string>,
): { unhashed: string[]; changed: string[] } {
  const now = bytesById(chain);
  const unhashed = [...now].filter(([id, hex]) => toHex(txHash(Buffer.from(hex.slice(2), 'hex'))) !== id);
  const changed = [...now].filter(([id, hex]) => before.has(id) && before.get(id) !== hex);
  return { unhashed: unhashed.map(([id]) => id), changed: changed.map(([id]) => id) };
}

/** A small world holding each kind below: two stack-stx calls pending, six aborts by post-condition. */
const WORLD = resolveOptions({ seed: 1, blocks: 60 });

function lastMined(chain: Chain, keep: (row: number) => boolean): number {
  for (let row = chain.txs.count - 1; row >= 0; row--) if (keep(row)) return row;
  throw new Error('no such transaction in the world');
}

// A transaction's id is the hash of its bytes, so its bytes may never change while the chain moves:
// what a block, the mempool's confirmation or a reorg does to a row must leave what it signed.
describe('a transaction keeps its bytes, and so its id, wherever the living chain takes it', () => {
  it('a pending stack-stx mined later keeps the start burn height and signature it was drafted with', () => {
    const builder = new ChainBuilder(WORLD);
    const chain = builder.build();
    const pending = [...Array(chain.mempool.count).keys()].filter(
      (row) => chain.mempool.action[row] === Action.StackStx && chain.mempool.status[row] === Status.Pending,
    );
    expect(pending.length).toBeGreaterThan(0);
    const before = bytesById(chain);
    const ids = pending.map((row) => chain.mempool.idHex(row));
    for (let i = 0; i < 30; i++) builder.mine();
    const mined = builder.current.txs;
    for (const id of ids) {
      const row = [...Array(mined.count).keys()].find((r) => mined.idHex(r) === id);
      expect(row, `${id} was mined`).toBeDefined();
    }
    expect(broken(builder.current, before)).toEqual({ unhashed: [], changed: [] });
  });

  it.each([
    [
      'an abort by post-condition',
      (t: TxTable, row: number) => t.status[row] === Status.AbortByPostCondition,
    ],
    ['a stack-stx', (t: TxTable, row: number) => t.action[row] === Action.StackStx],
    [
      'a contract deployment',
      (t: TxTable, row: number) => t.action[row] === Action.Deploy && t.status[row] === Status.Success,
    ],
  ])('a reorg that sends %s back to the mempool, then mines it again', (_, kind) => {
    const builder = new ChainBuilder(WORLD);
    const chain = builder.build();
    const row = lastMined(chain, (r) => kind(chain.txs, r));
    const depth = chain.blocks.count - (chain.txs.height[row] as number) + 1;
    const before = bytesById(chain);
    builder.reorg(depth);
    for (let i = 0; i < 5; i++) builder.mine();
    expect(broken(builder.current, before)).toEqual({ unhashed: [], changed: [] });
  });
});
