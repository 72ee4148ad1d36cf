import type { Problem } from '../../spec/responses.ts';
import type { Json } from '../checks/answered-request.ts';
import { objectAt, results } from '../checks/meaning-check.ts';
import { LiveSocket, rpcUrl, type Subscription } from './live-socket.ts';
import type { Observation, Rest, RestAnswer } from './stream-checks.ts';

/** The wait for a block, in the target's block times: a block may come late. */
export const BLOCK_TIMES_WAITED = 3;
/** Bounds of the wait read from the target's blocks (seconds), whatever their times say. */
const WAIT_BOUNDS_S = { min: 10, max: 300 };
/** How long the messages that follow a block may take to come, when no later block closes them first. */
const FOLLOW_UP_MS = 3_000;
/** Pending transactions (and their senders) subscribed to on their own topics. */
const PENDING_FOLLOWED = 3;

/** What watching the stream for one block came to. */
export interface Observed {
  /** Why nothing could be checked (nothing moved within the wait), or undefined. */
  skip?: string;
  /** The channel refused to open, a subscription was refused, a frame was not JSON-RPC, a block REST has was not announced. */
  problems: Problem[];
  observation: Observation;
  /** Whence the wait: CONTRACT_STREAM_WAIT or the target's block times. */
  waited: string;
}

/** The page's rows of a 200; none otherwise. */
function rowsOf(a: RestAnswer): Json[] {
  return a.status === 200 ? results(objectAt(a.body)) : [];
}

/** The median gap between the target's last blocks, in seconds; undefined when it has too few. */
export function medianBlockTime(blocks: Json[]): number | undefined {
  const times = blocks.map((b) => Number(b.block_time)).filter(Number.isFinite);
  const gaps = times
    .slice(1)
    .map((t, i) => Math.abs((times[i] as number) - t))
    .sort((a, b) => a - b);
  return gaps.length === 0 ? undefined : (gaps[Math.floor(gaps.length / 2)] as number);
}

function waitOf(configured: number | undefined, blocks: Json[]): { ms: number; waited: string } {
  if (configured !== undefined)
    return { ms: configured * 1000, waited: `${configured} s (CONTRACT_STREAM_WAIT)` };
  const median = medianBlockTime(blocks);
  // Too few blocks listed to time (a new chain, or a target whose block list fails, as a broken
  // one's does): the shortest wait, not the longest, which held such a run five minutes.
  if (median === undefined)
    return {
      ms: WAIT_BOUNDS_S.min * 1000,
      waited: `${WAIT_BOUNDS_S.min} s (the target listed too few blocks to time; CONTRACT_STREAM_WAIT sets it)`,
    };
  const s = Math.min(WAIT_BOUNDS_S.max, Math.max(WAIT_BOUNDS_S.min, Math.ceil(median * BLOCK_TIMES_WAITED)));
  return {
    ms: s * 1000,
    waited: `${s} s (${BLOCK_TIMES_WAITED}× the target's median block time over its last blocks, ${median} s; CONTRACT_STREAM_WAIT sets it)`,
  };
}

/** The reply a subscription must get: a success whose result is the subscription's key. */
function replyProblems(params: Subscription, reply: Json): Problem[] {
  const { event: _, ...key } = params;
  const expected = JSON.stringify(key);
  const actual = JSON.stringify(reply.result ?? reply.error);
  return 'result' in reply && actual.toLowerCase() === expected.toLowerCase()
    ? []
    : [
        {
          where: `subscribe ${params.event}`,
          expected: `the result ${expected}`,
          actual: `${'error' in reply ? 'the error ' : ''}${actual}`,
        },
      ];
}

async function tipHeight<A extends RestAnswer>(rest: Rest<A>): Promise<number> {
  return Number(rowsOf(await rest('get_blocks', { query: { limit: '1' } }))[0]?.height ?? 0);
}

export interface StreamTarget<A extends RestAnswer> {
  baseUrl: string;
  apiKey?: string;
  /** CONTRACT_STREAM_WAIT, when set. */
  waitS?: number;
  timeoutMs: number;
  rest: Rest<A>;
}

/**
 * Subscribes to the read-only topics (blocks, the mempool, and the transaction and address
 * topics of the pending transactions REST lists: nothing is broadcast), waits for the next block
 * and the messages it brings, and keeps them in order. A block REST has but the channel did not
 * announce within the wait is a problem; no block at all is a skip.
 */
export async function observeStream<A extends RestAnswer>(t: StreamTarget<A>): Promise<Observed> {
  const before = rowsOf(await t.rest('get_blocks', { query: { limit: '11' } }));
  const { ms, waited } = waitOf(t.waitS, before);
  const pending = rowsOf(
    await t.rest('get_mempool_transaction_list', { query: { limit: String(PENDING_FOLLOWED) } }),
  );
  const followed = pending.map((tx) => ({ tx_id: String(tx.tx_id), sender: String(tx.sender_address) }));
  const addresses = [...new Set(followed.map((f) => f.sender))];
  const observation: Observation = { notifications: [], followed };
  let socket: LiveSocket;
  try {
    socket = await LiveSocket.open(t.baseUrl, t.apiKey, t.timeoutMs);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      problems: [{ where: 'channel', expected: `the JSON-RPC channel at ${rpcUrl(t.baseUrl)}`, actual: why }],
      observation,
      waited,
    };
  }
  try {
    const subscriptions: Subscription[] = [
      { event: 'block' },
      { event: 'mempool' },
      ...followed.map(({ tx_id }) => ({ event: 'tx_update', tx_id })),
      ...addresses.flatMap((address) => [
        { event: 'address_tx_update', address },
        { event: 'address_balance_update', address },
      ]),
    ];
    const problems: Problem[] = [];
    for (const s of subscriptions) problems.push(...replyProblems(s, await socket.subscribe(s, t.timeoutMs)));
    // The tip once subscribed: a block mined before then was never owed a message.
    const tip = await tipHeight(t.rest);
    const blocks = (): number => socket.notifications.filter((n) => n.method === 'block').length;
    const came = await socket.until(() => blocks() > 0, ms);
    if (came) await socket.until(() => blocks() > 1, FOLLOW_UP_MS);
    // A later block's messages may still be on their way: the observation ends where it begins.
    const blockAt = socket.notifications.flatMap((n, i) => (n.method === 'block' ? [i] : []));
    observation.notifications = socket.notifications.slice(0, blockAt[1]);
    problems.push(
      ...socket.unreadable.map((text) => ({ where: 'frame', expected: 'a JSON-RPC message', actual: text })),
    );
    if (came) return { problems, observation, waited };
    const now = await tipHeight(t.rest);
    if (now > tip)
      problems.push({
        where: 'block',
        expected: `a block message for block ${tip + 1} (REST's tip went from ${tip} to ${now} within ${waited})`,
        actual: 'none came',
      });
    return {
      problems,
      observation,
      waited,
      ...(now > tip
        ? {}
        : {
            skip: `nothing moved: the target mined no block in ${waited} (its tip stayed at ${tip}); the stream was not checked`,
          }),
    };
  } finally {
    socket.close();
  }
}
