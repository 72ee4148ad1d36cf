import { describe, test, type TestContext } from 'vitest';
import { loadLiveSchemas } from '../../spec/asyncapi.ts';
import { requireWorld } from '../cases/common.ts';
import { ContractViolation, judgeConsistent } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { doc, specAjv } from '../spec-context.ts';
import { contractTarget } from '../target.ts';
import { observeStream, type Observed } from './observe-stream.ts';
import { malformed, streamFindings, type StreamFinding } from './stream-checks.ts';

const target = await contractTarget();
// The REST checks' own compiled schemas: the messages' payloads reference them.
const schemas = loadLiveSchemas(doc, specAjv);

/** The in-process mock has no server to upgrade, and no clock. */
const IN_PROCESS =
  'the in-process mock serves no live channel (a websocket needs a server) and mines no block on its own: run the suite with BASE_URL against a served mock with a block clock (MOCK_BLOCK_TIME=1 make mock) or a live target';

let observed: Promise<{ observed: Observed; findings: StreamFinding<Exchange>[] }> | undefined;
/** One observation of the stream for the whole file: one wait for one block. */
function observation(ctx: TestContext): Promise<{ observed: Observed; findings: StreamFinding<Exchange>[] }> {
  requireWorld(ctx, target);
  if (target.kind === 'mock' || !target.config.baseUrl) ctx.skip(IN_PROCESS);
  const baseUrl = target.config.baseUrl as string;
  observed ??= (async () => {
    const o = await observeStream({
      baseUrl,
      ...(target.config.apiKey ? { apiKey: target.config.apiKey } : {}),
      ...(target.config.streamWaitS !== undefined ? { waitS: target.config.streamWaitS } : {}),
      timeoutMs: target.config.timeoutMs,
      rest: (operationId, request) => target.client.call(operationId, request),
    });
    return {
      observed: o,
      findings: o.skip ? [] : await streamFindings(o.observation, target.client.call.bind(target.client)),
    };
  })();
  return observed;
}

/** Judges each group as the suite judges any answer (known deviations, the exchange log) and fails with every unknown one. */
function judgeAll(
  groups: Array<Pick<StreamFinding<Exchange>, 'operationId' | 'what' | 'answers' | 'problems'>>,
): void {
  const messages = groups
    .map((g) => judgeConsistent(target, g.operationId, g.what, g.answers, g.problems))
    .filter((j) => j.unknown.length > 0)
    .map((j) => j.message);
  if (messages.length > 0) throw new ContractViolation(messages.join('\n'));
}

async function checked(ctx: TestContext): Promise<StreamFinding<Exchange>[]> {
  const { observed: o, findings } = await observation(ctx);
  if (o.skip) ctx.skip(o.skip);
  return findings;
}

describe('live updates', () => {
  describe('JSON-RPC /extended/v1/ws', () => {
    test('the channel opens and accepts the read-only subscriptions; the next block is announced within the wait, every message well formed (spec/asyncapi.yaml)', async (ctx) => {
      const { observed: o } = await observation(ctx);
      const problems = [...o.problems, ...malformed(o.observation, schemas)];
      judgeAll([{ operationId: 'get_block', what: `the stream, waited ${o.waited}`, answers: [], problems }]);
      if (o.skip) ctx.skip(o.skip);
    });

    test('block: the message equals /extended/v2/blocks/{height} (but parent_index_block_hash; txs as many as tx_count)', async (ctx) => {
      judgeAll((await checked(ctx)).filter((f) => f.topic === 'block'));
    });

    test('mempool and tx_update: each message equals /extended/v1/tx/{tx_id}?event_limit=0&unanchored=true while its status holds; a followed transaction a block mined is announced mined', async (ctx) => {
      judgeAll((await checked(ctx)).filter((f) => f.topic === 'mempool' || f.topic === 'tx_update'));
    });

    test("address_tx_update and address_balance_update: each equals the address's transaction and its STX balance at the block (until_block)", async (ctx) => {
      judgeAll(
        (await checked(ctx)).filter(
          (f) => f.topic === 'address_tx_update' || f.topic === 'address_balance_update',
        ),
      );
    });
  });
});
