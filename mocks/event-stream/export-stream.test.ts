import { PassThrough } from 'node:stream';
import {
  AddressHashMode,
  AuthType,
  deserializeTransaction,
  type SpendingCondition,
} from '@stacks/transactions';
import { c32address } from 'c32check';
import { describe, expect, it } from 'vitest';
import { WorldQueries } from '../query/world-queries.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { resolveOptions } from '../world/options.ts';
import { tipHeight } from '../world/tables/chain.ts';
import { toHex } from '../world/hex.ts';
import { sha512_256 } from '@noble/hashes/sha512';
import { hexToBytes } from '@noble/hashes/utils';
import { tsvLine, writeEventStream } from './export-stream.ts';

/** The address a spending condition names: its hash mode and the network (0x00 mainnet) pick the version byte. */
function addressOf(c: SpendingCondition, version: number): string {
  const single = c.hashMode === AddressHashMode.P2PKH;
  const v = version === 0x00 ? (single ? 22 : 20) : single ? 26 : 21;
  return c32address(v, c.signer);
}

interface Line {
  id: number;
  path: string;
  payload: Record<string, unknown>;
}

async function stream(network: 'mainnet' | 'testnet') {
  const chain = buildChain(resolveOptions({ blocks: 120, network }));
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  const counts = await writeEventStream(chain, out, () => undefined);
  const lines: Line[] = chunks
    .join('')
    .trimEnd()
    .split('\n')
    .map((line) => {
      const [id, at, path, json] = line.split('\t');
      expect(Number.isNaN(Date.parse(at as string))).toBe(false);
      return {
        id: Number(id),
        path: path as string,
        payload: JSON.parse((json as string).replace(/\\\\/g, '\\')),
      };
    });
  return { chain, counts, lines };
}

const mainnet = await stream('mainnet');

describe('the event stream', () => {
  it('writes one TSV line per message, backslashes doubled for COPY', () => {
    expect(tsvLine(7, 0, '/new_block', { s: 'a\\b\n' })).toBe(
      '7\t1970-01-01T00:00:00.000Z\t/new_block\t{"s":"a\\\\\\\\b\\\\n"}\n',
    );
    expect(mainnet.lines.map((l) => l.id)).toEqual(mainnet.lines.map((_, i) => i + 1));
  });

  it('sends every block in order, each burn block before its first block, and every mined transaction', () => {
    const { chain, lines, counts } = mainnet;
    const blocks = lines.filter((l) => l.path === '/new_block');
    expect(blocks.map((b) => b.payload.block_height)).toEqual(
      Array.from({ length: tipHeight(chain) }, (_, i) => i + 1),
    );
    const burnSeen = new Set<number>();
    for (const l of lines) {
      if (l.path === '/new_burn_block') burnSeen.add(l.payload.burn_block_height as number);
      if (l.path === '/new_block') expect(burnSeen.has(l.payload.burn_block_height as number)).toBe(true);
    }
    const ids = lines.flatMap((l) =>
      l.path === '/new_block' || l.path === '/new_microblocks'
        ? (l.payload.transactions as { txid: string }[]).map((t) => t.txid)
        : [],
    );
    expect(ids).toEqual(Array.from({ length: chain.txs.count }, (_, i) => chain.txs.idHex(i)));
    expect(counts['/new_mempool_tx']).toBe(chain.mempool.count);
  });

  it('serializes each transaction so that its bytes decode to the same nonce, fee, sender and sponsor', () => {
    const { chain, lines } = mainnet;
    let row = 0;
    for (const l of lines.filter((x) => x.path === '/new_block')) {
      for (const t of l.payload.transactions as { raw_tx: string }[]) {
        const tx = deserializeTransaction(t.raw_tx.slice(2));
        const origin = tx.auth.spendingCondition;
        const address = (c: typeof origin) => addressOf(c, tx.transactionVersion);
        expect(address(origin)).toBe(chain.principals.name(chain.txs.sender[row] as number));
        expect(Number(origin.nonce)).toBe(chain.txs.nonce[row]);
        const sponsor = chain.txs.sponsor.at(row);
        if (tx.auth.authType === AuthType.Sponsored) {
          expect(address(tx.auth.sponsorSpendingCondition)).toBe(chain.principals.name(sponsor));
          expect(Number(tx.auth.sponsorSpendingCondition.fee)).toBe(chain.txs.fee.at(row));
        } else {
          expect(sponsor).toBe(-1);
          expect(Number(origin.fee)).toBe(chain.txs.fee.at(row));
        }
        row++;
      }
    }
  });

  it('carries every STX balance the mock serves in its events, miner rewards and fees: no hidden genesis state', () => {
    const { chain, lines } = mainnet;
    const net = new Map<string, bigint>();
    const add = (who: unknown, amount: unknown) =>
      net.set(who as string, (net.get(who as string) ?? 0n) + BigInt(amount as string));
    for (const l of lines.filter((x) => x.path === '/new_block' || x.path === '/new_microblocks')) {
      for (const e of l.payload.events as Record<string, Record<string, string>>[]) {
        if (e.stx_transfer_event) {
          add(e.stx_transfer_event.recipient, e.stx_transfer_event.amount);
          add(e.stx_transfer_event.sender, `-${e.stx_transfer_event.amount}`);
        }
        if (e.stx_mint_event) add(e.stx_mint_event.recipient, e.stx_mint_event.amount);
        if (e.stx_burn_event) add(e.stx_burn_event.sender, `-${e.stx_burn_event.amount}`);
      }
      for (const r of (l.payload.matured_miner_rewards ?? []) as Record<string, string>[])
        add(r.recipient, r.coinbase_amount);
      for (const t of l.payload.transactions as { raw_tx: string }[]) {
        const tx = deserializeTransaction(t.raw_tx.slice(2));
        const payer =
          tx.auth.authType === AuthType.Sponsored
            ? tx.auth.sponsorSpendingCondition
            : tx.auth.spendingCondition;
        const who = addressOf(payer, tx.transactionVersion);
        add(who, `-${payer.fee}`);
      }
    }
    const queries = new WorldQueries(chain);
    const addresses = [...net.keys()].filter((a) => !a.includes('.')).slice(0, 60);
    expect(addresses.length).toBeGreaterThan(20);
    for (const address of addresses) {
      const facts = queries.balances(address, { unanchored: true })?.facts;
      expect(`${address} ${facts?.balance}`).toBe(`${address} ${net.get(address)}`);
    }
  });

  it("names each dropped transaction by the mock's own id: the hash of the bytes it exports", () => {
    const { chain, lines } = mainnet;
    const dropped = lines
      .filter((l) => l.path === '/drop_mempool_tx')
      .flatMap((l) => l.payload.dropped_txids as string[]);
    expect(dropped.length).toBeGreaterThan(0);
    const sent = new Map(
      lines
        .filter((l) => l.path === '/new_mempool_tx')
        .flatMap((l) => l.payload as unknown as string[])
        .map((hex) => [toHex(sha512_256(hexToBytes(hex.slice(2)))), hex]),
    );
    const mock = new Set(Array.from({ length: chain.mempool.count }, (_, tx) => chain.mempool.idHex(tx)));
    for (const id of dropped) {
      expect(mock.has(id)).toBe(true);
      expect(sent.has(id)).toBe(true);
    }
  });

  it('writes testnet addresses for a testnet world', async () => {
    const { lines } = await stream('testnet');
    const block = lines.find(
      (l) => l.path === '/new_block' && (l.payload.transactions as unknown[]).length > 1,
    );
    expect(JSON.stringify(block?.payload)).toMatch(/"S[TN][0-9A-Z]{20,}/);
  });
});
