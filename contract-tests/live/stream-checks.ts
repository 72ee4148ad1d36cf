import { isDeepStrictEqual } from 'node:util';
import type { LiveSchemas } from '../../spec/asyncapi.ts';
import type { Problem } from '../../spec/responses.ts';
import type { Json } from '../checks/answered-request.ts';
import { objectAt as obj, results } from '../checks/meaning-check.ts';
import type { CallRequest } from '../http/client.ts';
import type { Notification } from './live-socket.ts';

/** A REST answer as the checks read it; the suite's exchanges are ones. */
export interface RestAnswer {
  status: number;
  body: unknown;
}
export type Rest<A extends RestAnswer> = (operationId: string, request: CallRequest) => Promise<A>;

/** One group of findings: what was checked, the REST operation it was checked against, the answers read. */
export interface StreamFinding<A extends RestAnswer> {
  topic: 'block' | 'mempool' | 'tx_update' | 'address_tx_update' | 'address_balance_update';
  what: string;
  operationId: string;
  answers: A[];
  problems: Problem[];
}

function shown(v: unknown): string {
  return v === undefined ? 'nothing' : JSON.stringify(v);
}

/** The fields a transaction keeps whatever happens to it later: compared when its status has moved on since the message. */
const LASTING_TX_FIELDS = [
  'tx_id',
  'nonce',
  'fee_rate',
  'sender_address',
  'sponsored',
  'tx_type',
  'post_condition_mode',
];

/** Each field of `expected` (a REST answer) the message sends otherwise or not at all. */
function differences(
  where: string,
  message: Json,
  expected: Json,
  fields = Object.keys(expected),
): Problem[] {
  return fields
    .filter((k) => !isDeepStrictEqual(message[k], expected[k]))
    .map((k) => ({
      where: `${where}.${k}`,
      expected: `${shown(expected[k])} (as REST answers)`,
      actual: shown(message[k]),
    }));
}

/** The block message against `/extended/v2/blocks/{height}` (docs/live-updates.md: all but two fields, and `txs` for the count). */
async function checkBlock<A extends RestAnswer>(params: Json, rest: Rest<A>): Promise<StreamFinding<A>> {
  const height = String(params.height);
  const answer = await rest('get_block', { path: { height_or_hash: height } });
  const base = {
    topic: 'block' as const,
    what: `the block message of height ${height}`,
    operationId: 'get_block',
  };
  if (answer.status !== 200)
    return {
      ...base,
      answers: [answer],
      problems: [
        {
          where: 'block',
          expected: `the block at height ${height} known to REST`,
          actual: `HTTP ${answer.status}`,
        },
      ],
    };
  const { parent_index_block_hash: _, tx_count, ...fields } = obj(answer.body);
  const problems = differences('block', params, fields);
  const txs = params.txs;
  if (!Array.isArray(txs) || txs.length !== tx_count)
    problems.push({
      where: 'block.txs',
      expected: `${String(tx_count)} transaction ids (REST's tx_count)`,
      actual: Array.isArray(txs) ? `${txs.length}` : shown(txs),
    });
  return { ...base, answers: [answer], problems };
}

/**
 * A transaction message against `/extended/v1/tx/{tx_id}?event_limit=0&unanchored=true`: the whole
 * body while REST still gives the status the message announced, its lasting fields once it moved on.
 */
async function checkTransaction<A extends RestAnswer>(
  topic: 'mempool' | 'tx_update',
  tx: Json,
  rest: Rest<A>,
): Promise<StreamFinding<A>> {
  const id = String(tx.tx_id);
  const answer = await rest('get_transaction_by_id', {
    path: { tx_id: id },
    query: { event_limit: '0', unanchored: 'true' },
  });
  const base = {
    topic,
    what: `the ${topic} message of ${id} (${String(tx.tx_status)})`,
    operationId: 'get_transaction_by_id',
  };
  if (answer.status !== 200)
    return {
      ...base,
      answers: [answer],
      problems: [
        { where: topic, expected: `transaction ${id} known to REST`, actual: `HTTP ${answer.status}` },
      ],
    };
  const now = obj(answer.body);
  const fields = now.tx_status === tx.tx_status ? Object.keys(now) : LASTING_TX_FIELDS;
  return { ...base, answers: [answer], problems: differences(topic, tx, now, fields) };
}

/**
 * An address's transaction message against its row of `transactions_with_transfers?height=` (the
 * transaction, what it sent and received, its STX transfers: a missing party is null in the
 * message and "" in the row), and its envelope naming the same transaction.
 */
async function checkAddressTransaction<A extends RestAnswer>(
  params: Json,
  rest: Rest<A>,
): Promise<StreamFinding<A>> {
  const tx = obj(params.tx);
  const address = String(params.address);
  const answer = await rest('get_account_transactions_with_transfers', {
    path: { principal: address },
    query: { height: String(tx.block_height), limit: '50' },
  });
  const base = {
    topic: 'address_tx_update' as const,
    what: `the address_tx_update message of ${address} for ${String(tx.tx_id)}`,
    operationId: 'get_account_transactions_with_transfers',
    answers: [answer],
  };
  const row = results(obj(answer.body)).find((r) => obj(r.tx).tx_id === tx.tx_id);
  if (answer.status !== 200 || !row)
    return {
      ...base,
      problems: [
        {
          where: 'address_tx_update',
          expected: `${String(tx.tx_id)} among ${address}'s transactions at block ${String(tx.block_height)}`,
          actual: answer.status === 200 ? 'not there' : `HTTP ${answer.status}`,
        },
      ],
    };
  const transfers = (Array.isArray(row.stx_transfers) ? row.stx_transfers : []).map((t) => {
    const { sender, recipient, ...rest } = obj(t);
    return { ...rest, sender: sender || null, recipient: recipient || null };
  });
  return {
    ...base,
    problems: [
      ...differences('address_tx_update', params, {
        tx_id: tx.tx_id,
        tx_status: tx.tx_status,
        tx_type: tx.tx_type,
      }),
      ...differences('address_tx_update', params, { ...row, stx_transfers: transfers }, [
        'tx',
        'stx_sent',
        'stx_received',
        'stx_transfers',
      ]),
    ],
  };
}

/** An address's balance message against its STX balance at the block just announced (`until_block`). */
async function checkBalance<A extends RestAnswer>(
  params: Json,
  height: number,
  rest: Rest<A>,
): Promise<StreamFinding<A>> {
  const address = String(params.address);
  const answer = await rest('get_account_balance', {
    path: { principal: address },
    query: { until_block: String(height) },
  });
  const base = {
    topic: 'address_balance_update' as const,
    what: `the address_balance_update message of ${address} after block ${height}`,
    operationId: 'get_account_balance',
  };
  if (answer.status !== 200)
    return {
      ...base,
      answers: [answer],
      problems: [{ where: 'balance', expected: `${address}'s balance`, actual: `HTTP ${answer.status}` }],
    };
  const { address: _, ...sent } = params;
  return {
    ...base,
    answers: [answer],
    problems: differences(
      'address_balance_update',
      { ...sent },
      obj(obj(answer.body).stx),
      Object.keys(sent),
    ),
  };
}

/** A pending transaction followed on its own topic, and its sender on both address topics. */
export interface Followed {
  tx_id: string;
  sender: string;
}

/** What a stream observation holds: the notifications in order, and what was followed. */
export interface Observation {
  notifications: Notification[];
  followed: Followed[];
}

/** The problems of each message's form, by spec/asyncapi.yaml. */
export function malformed(o: Observation, schemas: LiveSchemas): Problem[] {
  return o.notifications.flatMap((n) =>
    schemas
      .jsonRpc(n.method, n.params)
      .map((p) => ({ where: `${n.method} message`, expected: 'valid by spec/asyncapi.yaml', actual: p })),
  );
}

/**
 * What the announced blocks make owed and never came: a followed transaction a block mined, on its
 * topic (mined), and its sender's transaction and balance messages.
 */
function missing<A extends RestAnswer>(o: Observation): StreamFinding<A>[] {
  const blocks = o.notifications.filter((n) => n.method === 'block').map((n) => obj(n.params));
  const came = (method: string, match: Json): boolean =>
    o.notifications.some(
      (n) => n.method === method && Object.entries(match).every(([k, v]) => obj(n.params)[k] === v),
    );
  const owed: Array<{ topic: StreamFinding<A>['topic']; operationId: string; what: string; came: boolean }> =
    [];
  for (const { tx_id, sender } of o.followed) {
    const block = blocks.find((b) => Array.isArray(b.txs) && b.txs.includes(tx_id));
    if (!block) continue;
    const at = `${tx_id}, mined in block ${String(block.height)}`;
    owed.push(
      {
        topic: 'tx_update',
        operationId: 'get_transaction_by_id',
        what: `the tx_update message of ${at}`,
        came: o.notifications.some(
          (n) =>
            n.method === 'tx_update' &&
            obj(n.params).tx_id === tx_id &&
            obj(n.params).tx_status !== 'pending',
        ),
      },
      {
        topic: 'address_tx_update',
        operationId: 'get_account_transactions_with_transfers',
        what: `the address_tx_update message of its sender ${sender} for ${at}`,
        came: came('address_tx_update', { address: sender, tx_id }),
      },
      {
        topic: 'address_balance_update',
        operationId: 'get_account_balance',
        what: `the address_balance_update message of its sender ${sender} after ${at}`,
        came: came('address_balance_update', { address: sender }),
      },
    );
  }
  return owed
    .filter((w) => !w.came)
    .map(({ topic, operationId, what }) => ({
      topic,
      operationId,
      what,
      answers: [],
      problems: [{ where: topic, expected: `${what} (its block was announced)`, actual: 'none came' }],
    }));
}

/** Every message compared with REST for the same object, then what the blocks announced make owed and never came. */
export async function streamFindings<A extends RestAnswer>(
  o: Observation,
  rest: Rest<A>,
): Promise<StreamFinding<A>[]> {
  const found: StreamFinding<A>[] = [];
  let height = 0;
  for (const n of o.notifications) {
    const params = obj(n.params);
    if (n.method === 'block') {
      height = Number(params.height);
      found.push(await checkBlock(params, rest));
    } else if (n.method === 'mempool' || n.method === 'tx_update')
      found.push(await checkTransaction(n.method, params, rest));
    else if (n.method === 'address_tx_update') found.push(await checkAddressTransaction(params, rest));
    else if (n.method === 'address_balance_update' && height > 0)
      found.push(await checkBalance(params, height, rest));
  }
  found.push(...missing<A>(o));
  return found;
}
