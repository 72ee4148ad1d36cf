import { fileURLToPath } from 'node:url';
import { Cl, cvToHex, deserializeTransaction, hexToCV } from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTxOf } from '../serialize/raw-tx.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import { okBody } from '../../testing/http/ok-body.ts';

// fixtures/worlds/own-contract.yaml: a registry of the file's own source, deployed at height 5,
// and its calls, run in the Clarity engine as the world is built. One mock (one engine) for the file.
const WORLD = fileURLToPath(new URL('../../fixtures/worlds/own-contract.yaml', import.meta.url));

let mock: Mock<ServerDoor>;
let client: HttpClient;
let alice: string;
let bob: string;
let carol: string;
let registry: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, world: WORLD });
  client = httpClient(mock.url);
  const addressOf = (name: string): string =>
    mock.live.queries.catalogue().declared.accounts.find((a) => a.name === name)?.address ?? '';
  [alice, bob, carol] = ['alice', 'bob', 'carol'].map(addressOf) as [string, string, string];
  registry = `${alice}.registry`;
  // The routes' engine takes seconds to start and replay on a busy machine, and a contract read
  // waits for it: warmed here, the first does not outwait the client's timeout.
  await mock.live.queries.clarity.ready();
}, 180_000);
afterAll(async () => {
  await client.close();
  await mock.close();
});

function get<T>(path: string): Promise<T> {
  return okBody<T>(client, path);
}

interface Tx {
  tx_id: string;
  tx_type: string;
  tx_status: string;
  block_height: number;
  fee_rate: string;
  sender_address: string;
  tx_result: { repr: string };
  vm_error: string | null;
  contract_call?: {
    contract_id: string;
    function_name: string;
    function_args: { repr: string; name: string; type: string }[];
  };
  smart_contract?: { contract_id: string; source_code: string };
  events: {
    event_type: string;
    asset?: {
      asset_event_type: string;
      asset_id?: string;
      sender: string;
      recipient: string;
      amount: string;
    };
    contract_log?: { contract_id: string; value: { repr: string } };
  }[];
}

/** The address's mined transactions touching the registry, oldest first, as the extended API lists them. */
async function registryTxs(address: string): Promise<Tx[]> {
  const page = await get<{ results: { tx: Tx }[] }>(
    `/extended/v1/address/${address}/transactions_with_transfers?limit=50`,
  );
  return page.results
    .map((r) => r.tx)
    .filter((t) => t.contract_call?.contract_id === registry || t.smart_contract?.contract_id === registry)
    .reverse();
}

async function withEvents(tx: Tx): Promise<Tx> {
  return get<Tx>(`/extended/v1/tx/${tx.tx_id}`);
}

describe("a world file's own contract, deployed and called as the world is built", () => {
  it('deploys at its height, with its fee and source, served as a smart_contract transaction', async () => {
    const [deploy] = await registryTxs(alice);
    expect(deploy).toMatchObject({
      tx_type: 'smart_contract',
      tx_status: 'success',
      block_height: 5,
      fee_rate: '50000',
      smart_contract: { contract_id: registry },
    });
    expect(deploy?.smart_contract?.source_code).toMatch(/^;; names to owners/);
  });

  it('runs each call at its height: (ok …) succeeds with its events, (err …) is abort_by_response with none; fees paid', async () => {
    const calls = [...(await registryTxs(bob)), ...(await registryTxs(carol))].sort(
      (a, b) => a.block_height - b.block_height,
    );
    expect(
      calls.map((t) => [t.block_height, t.sender_address, t.tx_status, t.tx_result.repr, t.fee_rate]),
    ).toEqual([
      [6, bob, 'success', '(ok u1)', '3000'],
      [7, carol, 'abort_by_response', '(err u100)', '3000'],
      [8, bob, 'success', '(ok u2)', '3000'],
      [10, carol, 'success', '(ok u3)', '3000'],
    ]);
    expect(calls[0]?.contract_call).toEqual({
      contract_id: registry,
      function_name: 'register',
      function_signature: '(define-public (register (name (string-ascii 32))))',
      function_args: [
        { hex: cvToHex(Cl.stringAscii('bob')), repr: '"bob"', name: 'name', type: '(string-ascii 32)' },
      ],
    });
    const first = await withEvents(calls[0] as Tx);
    expect(first.events.map((e) => [e.event_type, e.asset?.asset_event_type])).toEqual([
      ['stx_asset', 'transfer'],
      ['fungible_token_asset', 'mint'],
      ['smart_contract_log', undefined],
    ]);
    expect(first.events[0]?.asset).toMatchObject({ sender: bob, recipient: alice, amount: '1000000' });
    expect(first.events[1]?.asset).toMatchObject({
      asset_id: `${registry}::badge`,
      recipient: bob,
      amount: '1',
    });
    expect(first.events[2]?.contract_log?.value.repr).toBe(
      `(tuple (event "registered") (name "bob") (owner '${bob}))`,
    );
    expect((await withEvents(calls[1] as Tx)).events).toEqual([]);
  });

  it('/extended/v1/contract/{id}/events lists the prints of the calls that succeeded', async () => {
    const page = await get<{ results: { tx_id: string; contract_log: { value: { repr: string } } }[] }>(
      `/extended/v1/contract/${registry}/events`,
    );
    expect(page.results.map((e) => /name "(\w+)"/.exec(e.contract_log.value.repr)?.[1]).sort()).toEqual([
      'bob',
      'bobby',
      'carol',
    ]);
  });

  it('the balances add up to the µSTX: prices, fees, the transfer, the badges', async () => {
    const balances = async (address: string) =>
      get<{
        stx: { balance: string; total_fees_sent: string };
        fungible_tokens: Record<string, { balance: string }>;
      }>(`/extended/v1/address/${address}/balances`);
    const [a, b, c] = await Promise.all([alice, bob, carol].map(balances));
    expect(a?.stx).toMatchObject({
      balance: String(5_000_000_000 - 50_000 + 3 * 1_000_000),
      total_fees_sent: '50000',
    });
    expect(b?.stx.balance).toBe(String(20_000_000_000 - 2 * (1_000_000 + 3_000) - 2_000_000 - 180));
    expect(c?.stx.balance).toBe(String(1_000_000 - 3_000 + 2_000_000 - 1_000_000 - 3_000));
    expect(b?.fungible_tokens[`${registry}::badge`]?.balance).toBe('2');
    expect(c?.fungible_tokens[`${registry}::badge`]?.balance).toBe('1');
  });

  it('the node routes answer from the state the calls left: interface, source, call-read, data var, map entry', async () => {
    const abi = await get<{ functions: { name: string; access: string }[]; maps: { name: string }[] }>(
      `/v2/contracts/interface/${alice}/registry`,
    );
    expect(abi.functions.find((f) => f.name === 'register')?.access).toBe('public');
    expect(abi.maps.map((m) => m.name)).toEqual(['names']);
    const source = await get<{ source: string; publish_height: number }>(
      `/v2/contracts/source/${alice}/registry?proof=0`,
    );
    expect(source.publish_height).toBe(5);
    expect(source.source).toMatch(/define-public \(register/);
    const read = await client.post(`/v2/contracts/call-read/${alice}/registry/owner-of`, {
      sender: alice,
      arguments: [cvToHex(Cl.stringAscii('bobby'))],
    });
    expect(read.body).toEqual({ okay: true, result: cvToHex(Cl.some(Cl.principal(bob))) });
    const count = await get<{ data: string }>(`/v2/data_var/${alice}/registry/registered?proof=0`);
    expect(hexToCV(count.data)).toEqual(Cl.uint(3));
    const entry = await client.post(
      `/v2/map_entry/${alice}/registry/names?proof=0`,
      cvToHex(Cl.stringAscii('carol')),
    );
    expect((entry.body as { data: string }).data).toBe(cvToHex(Cl.some(Cl.principal(carol))));
  });

  it("their bytes (the event stream's, a raw transaction's) decode to their payloads", async () => {
    const [deploy] = await registryTxs(alice);
    const [call] = await registryTxs(bob);
    const { queries } = mock.live;
    const decoded = async (tx: Tx | undefined) => {
      const found = queries.findListedTx(tx?.tx_id ?? '', false);
      expect(found?.table).toBe('chain');
      return deserializeTransaction(rawTxOf(queries.chain, queries.chain.txs, found?.tx ?? -1).hex).payload;
    };
    expect(await decoded(deploy)).toMatchObject({
      contractName: { content: 'registry' },
      codeBody: { content: deploy?.smart_contract?.source_code },
    });
    const payload = await decoded(call);
    expect(payload).toMatchObject({ functionName: { content: 'register' } });
    expect('functionArgs' in payload && payload.functionArgs).toEqual([Cl.stringAscii('bob')]);
  });

  it('a reset builds the same world again from what the engine recorded', async () => {
    const before = await registryTxs(carol);
    mock.live.reset();
    expect(await registryTxs(carol)).toEqual(before);
  });
});
