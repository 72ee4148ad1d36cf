import { describe, test, type TestContext } from 'vitest';
import { requireWorld } from '../cases/common.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { isServed } from '../spec-context.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const release = target.release.profile?.version ?? target.release.version;

type Json = Record<string, unknown>;
function obj(ex: Exchange): Json {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Json) : {};
}
function list(v: unknown): Json[] {
  return Array.isArray(v) ? (v as Json[]) : [];
}
function mismatch(expected: string, actual: unknown): Problem {
  return { where: 'agreement', expected, actual: JSON.stringify(actual) };
}
/** Skips an operation the target's release does not serve (`x-releases`). */
function requireServed(ctx: TestContext, operationId: string): void {
  if (!isServed(operationId)) ctx.skip(`release ${release} does not serve ${operationId}`);
}
async function call(operationId: string, path: Record<string, string>, query: Record<string, string> = {}) {
  const ex = await target.client.call(operationId, { path, query });
  expectResponse(target, ex, { status: 200, because: `${operationId} of what the target listed` });
  return ex;
}

/**
 * What the explorer's routes say about the blocks and transactions the other routes serve: a
 * block's transactions are as many as its `tx_count`; a burn block's Stacks blocks are the blocks
 * whose `burn_block_height` it is; a reward cycle's totals add up its signers. Each pair is read
 * from one block or cycle the chain has fixed, so a moving tip does not break it.
 */
describe('the explorer’s routes agree with the others', () => {
  test('get_transactions_by_block lists as many transactions as the block’s tx_count, all of it', async (ctx) => {
    requireWorld(ctx, target);
    requireServed(ctx, 'get_transactions_by_block');
    const height = String(data.blocks[0]?.height ?? ctx.skip('no block found'));
    const block = await call('get_block', { height_or_hash: height });
    const txs = await call('get_transactions_by_block', { height_or_hash: height }, { limit: '50' });
    const findings: Problem[] = [];
    if (obj(txs).total !== obj(block).tx_count)
      findings.push(
        mismatch(`total = the block's tx_count (${String(obj(block).tx_count)})`, obj(txs).total),
      );
    for (const tx of list(obj(txs).results))
      if (tx.block_hash !== obj(block).hash)
        findings.push(
          mismatch(`block_hash of ${String(tx.tx_id)} = ${String(obj(block).hash)}`, tx.block_hash),
        );
    expectConsistent(
      target,
      'get_transactions_by_block',
      'a block’s transactions against get_block',
      [block, txs],
      findings,
    );
  });

  test('a burn block’s Stacks blocks are those it anchors, its transaction count their sum', async (ctx) => {
    requireWorld(ctx, target);
    const height = data.blocks[0]?.height ?? ctx.skip('no block found');
    const block = await call('get_block', { height_or_hash: String(height) });
    const burnHeight = String(obj(block).burn_block_height);
    const burn = await call('get_burn_block', { height_or_hash: burnHeight });
    const blocks = await call('get_blocks_by_burn_block', { height_or_hash: burnHeight }, { limit: '30' });
    const rows = list(obj(blocks).results);
    const hashes = rows.map((b) => b.hash);
    const findings: Problem[] = [];
    if (!(list(obj(burn).stacks_blocks) as unknown[]).includes(obj(block).hash))
      findings.push(mismatch(`stacks_blocks includes block ${height}'s hash`, obj(burn).stacks_blocks));
    if (
      obj(blocks).total === rows.length &&
      JSON.stringify(hashes) !== JSON.stringify(obj(burn).stacks_blocks)
    )
      findings.push(mismatch('the burn block’s blocks are its stacks_blocks, in order', hashes));
    const sum = rows.reduce((n, b) => n + Number(b.tx_count), 0);
    if (obj(blocks).total === rows.length && sum !== obj(burn).total_tx_count)
      findings.push(
        mismatch(`total_tx_count = the sum of its blocks' tx_count (${sum})`, obj(burn).total_tx_count),
      );
    for (const b of rows)
      if (String(b.burn_block_height) !== burnHeight)
        findings.push(
          mismatch(`burn_block_height of block ${String(b.height)} = ${burnHeight}`, b.burn_block_height),
        );
    expectConsistent(
      target,
      'get_burn_block',
      'a burn block against its blocks',
      [block, burn, blocks],
      findings,
    );
  });

  test('a reward cycle’s totals add up its signers', async (ctx) => {
    requireWorld(ctx, target);
    const cycleNumber = String(data.poxCycle ?? ctx.skip('the target lists no reward cycle'));
    const cycle = await call('get_pox_cycle', { cycle_number: cycleNumber });
    const signers = await call('get_pox_cycle_signers', { cycle_number: cycleNumber }, { limit: '250' });
    const rows = list(obj(signers).results);
    const findings: Problem[] = [];
    const c = obj(cycle);
    if (obj(signers).total !== c.total_signers)
      findings.push(mismatch(`total = total_signers (${String(c.total_signers)})`, obj(signers).total));
    if (rows.length === obj(signers).total) {
      const weight = rows.reduce((n, s) => n + Number(s.weight), 0);
      const stacked = rows.reduce((n, s) => n + BigInt(String(s.stacked_amount)), 0n);
      if (weight !== c.total_weight)
        findings.push(mismatch(`total_weight = the signers' sum (${weight})`, c.total_weight));
      if (String(stacked) !== c.total_stacked_amount)
        findings.push(
          mismatch(`total_stacked_amount = the signers' sum (${stacked})`, c.total_stacked_amount),
        );
    }
    expectConsistent(target, 'get_pox_cycle', 'a cycle against its signers', [cycle, signers], findings);
  });
});
