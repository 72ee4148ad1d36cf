import type { Page } from '../../mocks/query/paging.ts';
import type { Balances, ConfirmedTransaction, TxWithTransfers } from '../../mocks/serialize/types.ts';
import type { WorldCatalogue } from '../../mocks/query/catalogue.ts';
import type { ServerDoor } from '../../mocks/server.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import { principalTotals, type Movement, type Oracle } from '../worlds/test-oracle.ts';
import type { IncrementalOracle } from './incremental-oracle.ts';
import { mempoolTxIds } from '../worlds/test-worlds.ts';
import { isNodeBootDeploy } from '../worlds/boot-deploys.ts';
import { kernelReads } from '../../mocks/kernel-reads.ts';
import { txDetails } from '../http/kernel-reads.ts';
import type { HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';

/** What the checks read over HTTP: each answer is also checked for a 5xx and against the spec. */
export type Read = (path: string) => Promise<{ status: number; body: unknown }>;

/** The state every check is made against: the chain as the control plane last reported it. */
export interface Expected {
  tip: { height: number; hash: string };
  /** Ids a user submitted since the last reset: each must answer, pending, mined or dropped. */
  submitted: readonly string[];
  /** Principals the last step touched; checked with the catalogue's. */
  touched: readonly string[];
}

/**
 * Every coherence invariant of the living chain, checked over HTTP against an oracle recomputed
 * from scratch (testing/worlds/test-oracle.ts: transaction details with all their events), so
 * none trusts the world's own indexes or the response cache: the tip agrees everywhere; each
 * sampled principal's history lists exactly the transactions that concern it, its balances add
 * up from the events and its pending spends, its events agree with its transfers; nonces never
 * skip or repeat; each recent block holds tx indexes 0 to tx_count - 1; every submitted
 * transaction answers; the mempool statistics count the pending transactions. Returns the
 * problems, one line each.
 */
export async function coherenceProblems(
  mock: Mock<ServerDoor>,
  oracles: IncrementalOracle,
  read: Read,
  expected: Expected,
  pick: number,
): Promise<string[]> {
  const problems: string[] = [];
  const chain = mock.live.queries.chain;
  const oracle = oracles.now(mock.kernel);
  const catalogue = (await read('/_mock/world')).body as WorldCatalogue;
  problems.push(...(await tipProblems(read, catalogue, expected)));
  const everyone = [...new Set(oracle.txs.flatMap((tx) => [tx.sender_address, ...partiesOf(oracle, tx)]))];
  // The principals the step touched, two the catalogue names and one the chain has seen: over a
  // run every catalogue address comes up many times, each step stays a few dozen reads.
  const named = Object.values(catalogue.addresses);
  const sample = [
    ...new Set([
      ...expected.touched,
      named[pick % named.length] as string,
      named[(pick + 1 + (pick >> 4)) % named.length] as string,
      everyone[(pick * 7919) % everyone.length] as string,
    ]),
  ];
  for (const principal of sample) problems.push(...(await principalProblems(read, oracle, principal)));
  const pending = pendingTxs(mock, chain.mempool.count);
  problems.push(...nonceProblems(oracle, pending));
  problems.push(...(await blockProblems(read, oracle, expected.tip.height)));
  problems.push(...(await submittedProblems(read, expected)));
  const stats = (await read('/extended/v1/tx/mempool/stats')).body as {
    tx_type_counts: Record<string, number>;
  };
  const counted = Object.values(stats.tx_type_counts).reduce((a, b) => a + b, 0);
  if (counted !== pending.length)
    problems.push(`mempool stats count ${counted} transactions, the mempool has ${pending.length} pending`);
  return problems;
}

async function tipProblems(read: Read, catalogue: WorldCatalogue, expected: Expected): Promise<string[]> {
  const problems: string[] = [];
  const status = (await read('/extended')).body as {
    chain_tip?: { block_height: number; block_hash: string };
  };
  const latest = (await read('/extended/v2/blocks/latest')).body as { height: number; hash: string };
  const byHash = (await read(`/extended/v2/blocks/${expected.tip.hash}`)).body as { height?: number };
  const seen = {
    status: status.chain_tip?.block_height,
    latest: latest.height,
    catalogue: catalogue.tip.height,
    byHash: byHash.height,
  };
  for (const [where, height] of Object.entries(seen))
    if (height !== expected.tip.height)
      problems.push(`tip: ${where} says ${height}, the control plane ${expected.tip.height}`);
  if (latest.hash !== expected.tip.hash || status.chain_tip?.block_hash !== expected.tip.hash)
    problems.push(
      `tip hash: latest ${latest.hash}, status ${status.chain_tip?.block_hash}, control ${expected.tip.hash}`,
    );
  return problems;
}

function partiesOf(oracle: Oracle, tx: ConfirmedTransaction): string[] {
  return oracle.movements(tx).flatMap((m) => [m.sender, m.recipient].filter((p) => p !== ''));
}

async function principalProblems(read: Read, oracle: Oracle, principal: string): Promise<string[]> {
  const problems: string[] = [];
  const say = (what: string): void => void problems.push(`${principal}: ${what}`);
  const concerning = oracle.concerning(principal, false);
  const history = (await read(`/extended/v1/address/${principal}/transactions_with_transfers?limit=50`))
    .body as Page<TxWithTransfers>;
  const listed = history.results.map((r) => r.tx.tx_id);
  const want = concerning.slice(0, 50).map((tx) => tx.tx_id);
  if (JSON.stringify(listed) !== JSON.stringify(want))
    say(
      `transactions_with_transfers lists [${listed.slice(0, 4).join(',')}…], the oracle [${want.slice(0, 4).join(',')}…]`,
    );
  if (history.total !== concerning.length)
    say(`history total ${history.total}, the oracle ${concerning.length}`);
  problems.push(
    ...balanceProblems(
      principal,
      oracle,
      (await read(`/extended/v1/address/${principal}/balances`)).body as Balances,
    ),
  );
  const [newest] = history.results;
  if (newest) problems.push(...(await transferProblems(read, oracle, principal, newest)));
  return problems;
}

/** Balances recomputed from every event and fee of the principal (anchored, up to the tip), and its pending spends. */
function balanceProblems(principal: string, oracle: Oracle, b: Balances): string[] {
  const problems: string[] = [];
  const say = (what: string): void => void problems.push(`${principal} balances: ${what}`);
  const { sent, received, fees, ft, nft } = principalTotals(oracle, principal, { unanchored: false });
  const stx = b.stx;
  if (stx.total_sent !== String(sent)) say(`total_sent ${stx.total_sent}, the events ${sent}`);
  if (stx.total_received !== String(received))
    say(`total_received ${stx.total_received}, the events ${received}`);
  if (stx.total_fees_sent !== String(fees)) say(`total_fees_sent ${stx.total_fees_sent}, the fees ${fees}`);
  const balance = received - sent - fees + BigInt(stx.total_miner_rewards_received);
  if (stx.balance !== String(balance))
    say(`balance ${stx.balance}, received - sent - fees + rewards ${balance}`);
  if (BigInt(stx.locked) > BigInt(stx.balance) || BigInt(stx.locked) < 0n)
    say(`locked ${stx.locked} of a balance of ${stx.balance}`);
  const estimated =
    BigInt(stx.balance) +
    BigInt(stx.pending_balance_inbound ?? '0') -
    BigInt(stx.pending_balance_outbound ?? '0');
  if (stx.estimated_balance !== String(estimated))
    say(`estimated_balance ${stx.estimated_balance}, balance ± pending ${estimated}`);
  if (estimated < 0n) say(`estimated_balance ${estimated} is negative`);
  for (const [asset, totals] of [
    ['ft', ft],
    ['nft', nft],
  ] as const)
    for (const [id, [out, into]] of totals) {
      const net = into - out;
      const shown = asset === 'ft' ? b.fungible_tokens[id]?.balance : b.non_fungible_tokens[id]?.count;
      if ((shown ?? '0') !== String(net)) say(`${id} ${shown ?? 'absent'}, the events ${net}`);
      if (net < 0n) say(`${id} goes negative (${net})`);
    }
  return problems;
}

/** Operation 5's events for (principal, tx) are operation 8's transfers, and the oracle's movements. */
async function transferProblems(
  read: Read,
  oracle: Oracle,
  principal: string,
  item: TxWithTransfers,
): Promise<string[]> {
  const problems: string[] = [];
  const txId = item.tx.tx_id;
  const single = await read(`/extended/v1/address/${principal}/${txId}/with_transfers`);
  const one = single.body as TxWithTransfers;
  const events = (await read(`/extended/v2/addresses/${principal}/transactions/${txId}/events?limit=50`))
    .body as Page<{
    type: string;
  }>;
  const full = oracle.byId.get(txId);
  const mine = full
    ? oracle.movements(full).filter((m: Movement) => m.sender === principal || m.recipient === principal)
    : [];
  // Operation 8 carries only the STX part of operation 6's row, as the real service sends it.
  const transfers = item.stx_transfers.length + item.ft_transfers.length + item.nft_transfers.length;
  const stxPart = {
    stx_sent: item.stx_sent,
    stx_received: item.stx_received,
    stx_transfers: item.stx_transfers,
  };
  // Operation 8 finds a transaction as the real service's query does, never through FT or NFT
  // events alone (docs/real-service.md): a 404 is right unless the principal sent it or moved STX.
  if (single.status === 404) {
    if (item.tx.sender_address === principal || item.stx_transfers.length > 0)
      problems.push(
        `${principal} ${txId}: with_transfers answers 404 for a transaction it sent or moved STX in`,
      );
  } else if (JSON.stringify({ ...one, tx: undefined }) !== JSON.stringify({ tx: undefined, ...stxPart }))
    problems.push(`${principal} ${txId}: with_transfers differs from its transactions_with_transfers row`);
  if (events.total !== transfers || transfers !== mine.length)
    problems.push(
      `${principal} ${txId}: ${events.total} events, ${transfers} transfers, ${mine.length} movements in the oracle`,
    );
  return problems;
}

interface PendingTx {
  sender: string;
  sponsor?: string;
  nonce: number;
  sponsorNonce?: number;
}

/** The mempool's pending transactions, as the world answers them (operation 2). */
function pendingTxs(mock: Mock<ServerDoor>, count: number): PendingTx[] {
  if (count === 0) return [];
  const ids = mempoolTxIds(mock.live.queries.chain);
  const answers = txDetails(kernelReads(mock.kernel), ids, {
    unanchored: true,
    events: { limit: 0, offset: 0 },
  });
  return Object.values(answers).flatMap((a) => {
    if (!a.found || a.result.tx_status !== 'pending') return [];
    const r = a.result as {
      sender_address: string;
      nonce: number;
      sponsor_address?: string;
      sponsor_nonce?: number;
    };
    return [
      { sender: r.sender_address, nonce: r.nonce, sponsor: r.sponsor_address, sponsorNonce: r.sponsor_nonce },
    ];
  });
}

/**
 * An account's mined transactions use nonces 0, 1, 2, …, its pending ones follow, none skipped or
 * repeated; the node's own boot deployments, each signed with nonce 0, aside.
 */
function nonceProblems(oracle: Oracle, pending: PendingTx[]): string[] {
  const used = new Map<string, number[]>();
  const add = (who: string | undefined, nonce: number | undefined): void => {
    if (!who || nonce === undefined) return;
    used.set(who, [...(used.get(who) ?? []), nonce]);
  };
  for (const tx of oracle.txs) {
    if (isNodeBootDeploy(tx)) continue;
    add(tx.sender_address, tx.nonce);
    if (tx.sponsored) add(tx.sponsor_address, tx.sponsor_nonce);
  }
  const minedCount = new Map([...used].map(([who, n]) => [who, n.length]));
  for (const p of pending) {
    add(p.sender, p.nonce);
    add(p.sponsor, p.sponsorNonce);
  }
  const problems: string[] = [];
  for (const [who, nonces] of used) {
    const sorted = [...nonces].sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i))
      problems.push(`${who}: nonces ${sorted.join(',')} (${minedCount.get(who) ?? 0} mined) skip or repeat`);
  }
  return problems;
}

/** The last blocks: each holds its transactions at tx indexes 0 to tx_count - 1. */
async function blockProblems(read: Read, oracle: Oracle, tip: number): Promise<string[]> {
  const problems: string[] = [];
  for (let height = Math.max(1, tip - 3); height <= tip; height++) {
    const block = (await read(`/extended/v2/blocks/${height}`)).body as { tx_count: number };
    const indexes = oracle.txs
      .filter((tx) => tx.block_height === height && !tx.is_unanchored)
      .map((tx) => tx.tx_index)
      .sort((a, b) => a - b);
    if (JSON.stringify(indexes) !== JSON.stringify(Array.from({ length: block.tx_count }, (_, i) => i)))
      problems.push(`block ${height}: tx_count ${block.tx_count}, tx indexes ${indexes.join(',')}`);
  }
  return problems;
}

async function submittedProblems(read: Read, expected: Expected): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < expected.submitted.length; i += 50) {
    const ids = expected.submitted.slice(i, i + 50);
    const answers = (await read(`/extended/v1/tx/multiple?${ids.map((id) => `tx_id=${id}`).join('&')}`))
      .body as Record<
      string,
      { found: boolean; result: { tx_status?: string; block_height?: number; canonical?: boolean } }
    >;
    for (const id of ids) {
      const a = answers[id];
      if (!a?.found) problems.push(`submitted ${id} is not found`);
      else if (
        a.result.tx_status === 'success' &&
        !((a.result.block_height ?? 0) <= expected.tip.height && a.result.canonical)
      )
        problems.push(
          `submitted ${id}: mined at ${a.result.block_height} (canonical ${a.result.canonical}), tip ${expected.tip.height}`,
        );
    }
  }
  return problems;
}

/** A read of the mock over its socket; `check` sees every answer first (and throws on a bad one). */
export function readerOver(client: HttpClient, check: (path: string, res: HttpResponse) => void): Read {
  return async (path) => {
    const res = await client.get(path);
    check(path, res);
    return { status: res.status, body: res.body };
  };
}
