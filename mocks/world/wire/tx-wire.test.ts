import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserializeTransaction } from '@stacks/transactions';
import { sha512_256 } from '@noble/hashes/sha512';
import { hexToBytes } from '@noble/hashes/utils';
import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../../create-mock.ts';
import { rowsOfEveryKind } from '../../../testing/rows-of-every-kind.ts';
import { stacksJsTxBytes } from '../../../testing/stacks-js-tx.ts';
import { toHex } from '../hex.ts';
import type { Chain } from '../tables/chain.ts';
import type { NetworkName } from '../tables/network.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { clarityTxOf } from '../tables/chain.ts';
import { rawTxOf } from '../../serialize/raw-tx.ts';
import { txWireInputOf } from './tx-bytes.ts';
import { txWireBytes } from './tx-wire.ts';
import { txHash } from './node/tx-hash.ts';

const DIR = fileURLToPath(new URL('../../../fixtures/worlds/', import.meta.url));
/**
 * The default world, and the example worlds that hold shapes it does not (`shapeOf`, measured:
 * release-9 ten, with the originator mode; token-launch one). The stacking and wallet worlds held
 * none of their own; own-contract held one, a call to its own contract, whose arguments the encoder
 * copies as given: that world needs its contracts run in the engine first, which took past the
 * test's 30 s on a loaded machine.
 */
const WORLDS = [
  undefined,
  ...readdirSync(DIR)
    .filter((f) => f.endsWith('.yaml') && !['stacking.yaml', 'wallet.yaml', 'own-contract.yaml'].includes(f))
    .map((f) => `${DIR}${f}`),
];
/** A world file that names mainnet addresses: it builds on mainnet only. */
const MAINNET_ONLY = new Set(['token-launch.yaml']);
const CASES = WORLDS.flatMap((world) =>
  (world && MAINNET_ONLY.has(world.slice(DIR.length))
    ? ['mainnet' as const]
    : (['mainnet', 'testnet'] as const)
  ).map((network) => ({
    name: `${world ? world.slice(DIR.length) : 'the default world'} on ${network}`,
    world,
    network,
  })),
);
const engines: (() => void)[] = [];
afterAll(() => {
  for (const close of engines) close();
});

async function chainOf(world: string | undefined, network: NetworkName): Promise<Chain> {
  const options = { quiet: true, network, ...(world && { world }) };
  const mock = createMock(options);
  engines.push(() => mock.live.queries.clarity.close());
  return mock.live.queries.chain;
}

/** Fields whose every value the encoder writes differently; any other leaf only by its kind. */
const DISCRETE = new Set([
  'tx_type',
  'anchorMode',
  'postConditionMode',
  'type',
  'condition_code',
  'type_id',
  'clarity_version',
  'cause',
]);

/**
 * The branches of the encoder a row takes: its discrete fields' values, an address's version (the
 * hash mode) and whether it names a contract, and every other leaf's kind: the kinds of
 * `rowsOfEveryKind`. Two rows of one shape are written by the same code, so comparing one of each
 * with stacks.js covers every row.
 */
function shapeOf(value: unknown, key = ''): string {
  if (Array.isArray(value)) return `[${value.map((v) => shapeOf(v)).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}:${shapeOf(v, k)}`)
      .join(',')}}`;
  if (DISCRETE.has(key)) return JSON.stringify(value);
  if (typeof value === 'string' && /^S[PMTN][0-9A-Z]{28,}/.test(value))
    return `${value.slice(0, 2)}${value.includes('.') ? '.c' : ''}`;
  return value === null ? 'null' : typeof value;
}

/** A row of a world's transactions the encoder wrote, and its shape. */
interface WrittenRow {
  readonly table: TxTable;
  readonly tx: number;
  readonly shape: string;
}

describe("txWireBytes: a transaction's bytes written by the mock itself", () => {
  it.each(CASES)(
    "are @stacks/transactions' serialization, byte for byte, for a row of every shape of $name, and every row's id is their hash",
    async ({ world, network }) => {
      const chain = await chainOf(world, network);
      // Every row the encoder writes, and its shape: stacks.js is about 20 times slower than the
      // encoder, so it writes a row of each shape, and one in 50 drawn.
      const written: WrittenRow[] = [];
      for (const table of [chain.txs, chain.mempool])
        for (let tx = 0; tx < table.count; tx++) {
          const raw = clarityTxOf(chain, table, tx)?.raw;
          if (raw) {
            expect(table.idHex(tx)).toBe(toHex(txHash(hexToBytes(raw.slice(2)))));
            continue;
          }
          const input = txWireInputOf(chain, table, tx);
          // The encoder writes every row: one it cannot write fails here, compared or not. Its id
          // is the hash of the bytes served for it, as a node names a transaction.
          const bytes = txWireBytes(input);
          expect(table.idHex(tx), `${table === chain.txs ? 'mined' : 'pending'} row ${tx}`).toBe(
            toHex(txHash(bytes)),
          );
          written.push({ table, tx, shape: shapeOf(input) });
        }
      expect(written.length).toBeGreaterThan(1000);
      const kinds = new Set<string>();
      const kindsOf = (row: number): string[] => [(written[row] as WrittenRow).shape];
      for (const row of rowsOfEveryKind(written.length, kindsOf, Math.ceil(written.length / 50))) {
        const { table, tx } = written[row] as WrittenRow;
        const input = txWireInputOf(chain, table, tx);
        kinds.add(input.payload.tx_type);
        expect(toHex(txWireBytes(input)), `${table === chain.txs ? 'mined' : 'pending'} row ${tx}`).toBe(
          toHex(stacksJsTxBytes(input)),
        );
      }
      // Every payload the world mines was compared (a poison microblock only in some worlds).
      expect([...kinds]).toEqual(
        expect.arrayContaining([
          'token_transfer',
          'contract_call',
          'smart_contract',
          'coinbase',
          'tenure_change',
        ]),
      );
    },
  );

  it('decode with stacks.js to what the mock serves, and are named by their sha512/256', async () => {
    const chain = await chainOf(undefined, 'mainnet');
    const t = chain.mempool;
    for (let tx = 0; tx < t.count; tx++) {
      const raw = rawTxOf(chain, t, tx);
      const input = txWireInputOf(chain, t, tx);
      expect(raw.txid).toBe(toHex(sha512_256(hexToBytes(raw.hex.slice(2)))));
      // stacks.js reads a poison microblock's payload without its headers.
      if (input.payload.tx_type === 'poison_microblock') continue;
      const decoded = deserializeTransaction(raw.hex.slice(2));
      expect(decoded.auth.spendingCondition.nonce).toBe(BigInt(input.origin.nonce));
      expect(decoded.postConditions.values).toHaveLength(input.postConditions.length);
      expect(`0x${decoded.serialize()}`).toBe(raw.hex);
    }
  });
});
