import { isDeepStrictEqual } from 'node:util';
import { describe, test } from 'vitest';
import { need, requireWorld } from '../cases/common.ts';
import { fetchPage } from '../cases/pagination.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();

type Json = Record<string, unknown>;
function obj(ex: Exchange): Json {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Json) : {};
}
async function getBlock(heightOrHash: string): Promise<Exchange> {
  const ex = await target.client.call('get_block', { path: { height_or_hash: heightOrHash } });
  expectResponse(target, ex, { status: 200, because: `block ${heightOrHash} is known to the target` });
  return ex;
}

/** A new block between the two status reads means the tip moved; read again rather than cry wolf. */
const TIP_ATTEMPTS = 3;

describe('chain invariants', () => {
  describe('get_status', () => {
    describe('200 OK', () => {
      test('the chain tip is the block /extended/v2/blocks/latest returns', async (ctx) => {
        requireWorld(ctx, target);
        for (let attempt = 1; ; attempt++) {
          const before = await target.client.call('get_status');
          expectResponse(target, before, { status: 200, because: 'the service status' });
          const latest = await getBlock('latest');
          const after = await target.client.call('get_status');
          expectResponse(target, after, { status: 200, because: 'the service status' });
          const tip = obj(before).chain_tip as Json | undefined;
          if (!isDeepStrictEqual(tip, obj(after).chain_tip) && attempt < TIP_ATTEMPTS) continue;
          const block = obj(latest);
          const pairs: Array<[string, string]> = [
            ['block_height', 'height'],
            ['block_hash', 'hash'],
            ['index_block_hash', 'index_block_hash'],
            ['burn_block_height', 'burn_block_height'],
          ];
          const findings: Problem[] = pairs
            .filter(([t, b]) => tip?.[t] !== block[b])
            .map(([t, b]) => ({
              where: 'invariant',
              expected: `chain_tip.${t} = latest block's ${b} (${String(block[b])})`,
              actual: String(tip?.[t]),
            }));
          expectConsistent(
            target,
            'get_status',
            'the status chain tip against blocks/latest',
            [before, latest, after],
            findings,
          );
          return;
        }
      });
    });
  });

  describe('get_block', () => {
    describe('200 OK', () => {
      for (const b of data.blocks) {
        test(`block ${b.height} is the same by height, hash, index block hash and 0x-less upper-case hash`, async (ctx) => {
          requireWorld(ctx, target);
          const byHeight = await getBlock(String(b.height));
          const others = [
            await getBlock(b.hash),
            await getBlock(b.index_block_hash),
            await getBlock(b.hash.slice(2).toUpperCase()),
          ];
          const findings: Problem[] = [];
          const reference = obj(byHeight);
          for (const other of others) {
            if (!isDeepStrictEqual(obj(other), reference))
              findings.push({
                where: 'invariant',
                expected: `GET ${other.target} = GET ${byHeight.target}`,
                actual: `${JSON.stringify(obj(other)).slice(0, 160)}…`,
              });
          }
          if (reference.hash !== b.hash || reference.index_block_hash !== b.index_block_hash) {
            findings.push({
              where: 'invariant',
              expected: `block ${b.height} has the hashes the target file lists (${b.hash}, ${b.index_block_hash})`,
              actual: `${String(reference.hash)}, ${String(reference.index_block_hash)}`,
            });
          }
          expectConsistent(
            target,
            'get_block',
            `block ${b.height} by each of its names`,
            [byHeight, ...others],
            findings,
          );
        });
      }
    });
  });

  describe('get_tx_list_details', () => {
    describe('200 OK', () => {
      test("an address's transactions are found by id, in the same block and position", async (ctx) => {
        requireWorld(ctx, target);
        const principal = need(ctx, data.addresses.stx_activity, 'stx address', 'addresses.stx_activity');
        const listed = await fetchPage(
          target,
          'get_account_transactions_with_transfers',
          { principal },
          { limit: '20' },
        );
        const txs = ((listed.page.results ?? []) as Array<{ tx?: Json }>).map((i) => i.tx ?? {});
        const ids = txs.map((t) => String(t.tx_id));
        if (ids.length === 0) ctx.skip(`${principal} has no transactions to look up`);
        const details = await target.client.call('get_tx_list_details', {
          query: { tx_id: ids, event_limit: '0' },
        });
        expectResponse(target, details, { status: 200, because: 'the ids were just listed for the address' });
        const entries = obj(details) as Record<string, { found?: boolean; result?: Json }>;
        const findings: Problem[] = [];
        for (const tx of txs) {
          const entry = entries[String(tx.tx_id)];
          if (entry?.found !== true) {
            findings.push({
              where: 'invariant',
              expected: `${String(tx.tx_id)} found`,
              actual: JSON.stringify(entry ?? 'no entry'),
            });
            continue;
          }
          for (const field of [
            'tx_type',
            'tx_status',
            'block_hash',
            'block_height',
            'tx_index',
            'sender_address',
            'fee_rate',
            'nonce',
          ]) {
            if (entry.result?.[field] !== tx[field])
              findings.push({
                where: 'invariant',
                expected: `${String(tx.tx_id)} ${field} = ${String(tx[field])} (as listed for ${principal})`,
                actual: String(entry.result?.[field]),
              });
          }
        }
        expectConsistent(
          target,
          'get_tx_list_details',
          'transactions listed for an address, looked up by id',
          [listed.ex, details],
          findings.slice(0, 10),
        );
      });
    });
  });
});
