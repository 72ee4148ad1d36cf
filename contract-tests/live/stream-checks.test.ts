import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLiveSchemas } from '../../spec/asyncapi.ts';
import { startMockServer, type ServerDoor } from '../../mocks/server.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import { httpTransport } from '../http/transport.ts';
import { doc, operation, requestPath, specAjv } from '../spec-context.ts';
import { observeStream, medianBlockTime, type Observed } from './observe-stream.ts';
import {
  malformed,
  streamFindings,
  type Rest,
  type RestAnswer,
  type StreamFinding,
} from './stream-checks.ts';

// The suite's stream checks against the mock's own stream (a block a second, a transfer in its
// mempool): every message well formed and equal to REST; then the same messages with one broken.
let mock: Mock<ServerDoor>;
let rest: Rest<RestAnswer>;
let observed: Observed;
let findings: StreamFinding<RestAnswer>[];
const schemas = loadLiveSchemas(doc, specAjv);

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    quiet: true,
    rateLimit: 0,
    network: 'testnet',
    blocks: 60,
    blockTime: 1,
  });
  const transport = httpTransport(mock.url);
  rest = async (operationId, request) => {
    const target = requestPath(operation(operationId), request.path ?? {}, request.query ?? {});
    return transport({ method: 'GET', target, headers: { Accept: 'application/json' } }, 10_000);
  };
  const { addresses } = mock.live.queries.catalogue();
  mock.live.submit({
    type: 'token_transfer',
    sender: addresses.stx_activity,
    recipient: addresses.unknown,
    amount: 1_000,
    fee: 500,
  });
  observed = await observeStream({ baseUrl: mock.url, waitS: 5, timeoutMs: 10_000, rest });
  findings = await streamFindings(observed.observation, rest);
}, 30_000);

afterAll(() => mock.close());

describe('the stream checks', () => {
  it('pass on the mock: a block and what it brings, each message well formed and equal to REST', () => {
    expect(observed.skip).toBeUndefined();
    expect(observed.problems).toEqual([]);
    expect(malformed(observed.observation, schemas)).toEqual([]);
    expect(findings.flatMap((f) => f.problems)).toEqual([]);
    const methods = new Set(observed.observation.notifications.map((n) => n.method));
    // The transfer was pending when the checks subscribed to it and its sender: the block mined it.
    expect([...methods].sort()).toEqual(
      ['address_balance_update', 'address_tx_update', 'block', 'mempool', 'tx_update'].sort(),
    );
  });

  it('find a block message that lacks a field or disagrees with REST', async () => {
    const broken = structuredClone(observed.observation);
    const block = broken.notifications.find((n) => n.method === 'block')?.params as Record<string, unknown>;
    delete block.hash;
    block.burn_block_height = Number(block.burn_block_height) + 1;
    expect(malformed(broken, schemas).map((p) => p.actual)).toEqual([
      "block must have required property 'hash'",
    ]);
    const problems = (await streamFindings(broken, rest)).flatMap((f) => f.problems);
    expect(problems.map((p) => p.where).sort()).toEqual(['block.burn_block_height', 'block.hash']);
  });

  it('miss a followed transaction a block mined that never came on its topic, nor on its sender’s', async () => {
    const broken = structuredClone(observed.observation);
    broken.notifications = broken.notifications.filter((n) => !/^(tx_update|address_)/.test(n.method));
    const missing = (await streamFindings(broken, rest)).filter((f) => f.problems[0]?.actual === 'none came');
    // Each followed transaction the block mined owes the three (the submitted transfer among them).
    const topics = missing.map((f) => f.topic);
    expect(topics.length % 3 === 0 && topics.length > 0).toBe(true);
    expect(topics.slice(0, 3)).toEqual(['tx_update', 'address_tx_update', 'address_balance_update']);
  });

  it('wait for a block as long as the target takes for a few: the median gap of its last blocks', () => {
    expect(
      medianBlockTime([{ block_time: 100 }, { block_time: 95 }, { block_time: 85 }, { block_time: 84 }]),
    ).toBe(5);
    expect(medianBlockTime([{ block_time: 100 }])).toBeUndefined();
  });
});
