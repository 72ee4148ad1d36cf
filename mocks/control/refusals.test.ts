import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import type { WorldCatalogue } from '../query/catalogue.ts';

type App = Mock<ServerDoor>;

function app(): Promise<App> {
  return startMockServer({ port: 0, quiet: true, rateLimit: 0, blocks: 60, seed: 6 });
}

/** One client per mock, so that a walk over every answer reuses its connections. */
const clients = new WeakMap<App, HttpClient>();
function clientOf(mock: App): HttpClient {
  let client = clients.get(mock);
  if (!client) clients.set(mock, (client = httpClient(mock.url)));
  return client;
}

function get(mock: App, path: string): Promise<HttpResponse> {
  return clientOf(mock).get(path);
}

function post(mock: App, path: string, body?: unknown): Promise<HttpResponse> {
  return clientOf(mock).post(path, body);
}

async function readCatalogue(mock: App): Promise<WorldCatalogue> {
  return (await get(mock, '/_mock/world')).body as WorldCatalogue;
}

/**
 * What a client and the chain's own tables can see: the catalogue, the size of the principals
 * table, the world's version, and an answer of each of the eight operations for the addresses
 * and transactions the catalogue names (the address it calls unknown included).
 */
async function everything(mock: App): Promise<string> {
  const world = mock.live.queries;
  const catalogue = await readCatalogue(mock);
  const addresses = Object.values(catalogue.addresses);
  const [tx] = catalogue.transactions.by_type.token_transfer;
  const pending = catalogue.transactions.mempool.pending.slice(0, 5);
  const paths = [
    '/_mock/world',
    '/extended',
    '/extended/v2/blocks/latest',
    `/extended/v2/blocks/${catalogue.tip.height}`,
    '/extended/v1/tx/mempool/stats',
    `/extended/v1/tx/multiple?${[tx, ...pending].map((id) => `tx_id=${id}`).join('&')}`,
    ...addresses.flatMap((a) => [
      `/extended/v1/address/${a}/balances`,
      `/extended/v1/address/${a}/transactions_with_transfers?limit=50`,
      `/extended/v1/address/${a}/${tx}/with_transfers`,
      `/extended/v2/addresses/${a}/transactions/${tx}/events`,
    ]),
  ];
  const answers: string[] = [];
  for (const path of paths) {
    const res = await get(mock, path);
    answers.push(`${path} ${res.status} ${res.text}`);
  }
  return JSON.stringify({
    version: world.version,
    principals: world.chain.principals.count,
    answers,
  });
}

interface Refused {
  path: string;
  body: (catalogue: WorldCatalogue, rich: { asset: string }) => unknown;
  message: RegExp;
}

/** Every kind of control call a node or the control spec refuses; each names a fresh recipient where it can. */
const REFUSED: Record<string, Refused> = {
  'a transfer its sender cannot pay, to a new address': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { amount: '90000000000000000' }),
    message: /cannot pay amount \+ fee/,
  },
  'a sender the world has never seen': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { sender: i.addresses.unknown, recipient: i.addresses.stx_activity }),
    message: /has no STX/,
  },
  // Found by the living-chain fuzz: a contract was taken as sender, and its transaction then
  // answered with a sender_address the spec's pattern refuses.
  'a contract as sender': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { sender: i.addresses.contract_principal }),
    message: /is a contract: a transaction's sender is a standard address/,
  },
  'a nonce (the control plane picks nonces)': {
    path: '/_mock/transactions',
    body: (i) => ({ ...tokenTransfer(i), nonce: 7 }),
    message: /unknown property nonce/,
  },
  'a memo over 34 bytes once UTF-8 encoded, to a new address': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { memo: 'é'.repeat(20) }),
    message: /memo must be at most 34 bytes/,
  },
  'an amount that is not a whole number': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { amount: '1e3' }),
    message: /body\.amount must be a whole number/,
  },
  'a token the world does not know, to a new address': {
    path: '/_mock/transactions',
    body: (i) => contractCall(i, { asset: `${i.assets.ft[0]}x` }),
    message: /not a token this world knows/,
  },
  'more of a fungible token than the sender holds, to a new address': {
    path: '/_mock/transactions',
    body: (i, rich) => contractCall(i, { asset: rich.asset, amount: '100000000000000000001' }),
    message: /holds \d+ of .*, not 100000000000000000001/,
  },
  'an NFT the sender does not own, to a new address': {
    path: '/_mock/transactions',
    body: (i) => contractCall(i, { asset: i.assets.nft[0], amount: 999_999 }),
    message: /does not own/,
  },
  'a recipient contract the world does not know': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { recipient: `${i.addresses.unknown}.nowhere` }),
    message: /contract this world does not know/,
  },
  'an address of the other network': {
    path: '/_mock/transactions',
    body: (i) => tokenTransfer(i, { recipient: 'ST000000000000000000002AMW42H' }),
    message: /not a mainnet address/,
  },
  'a reorg deeper than the blocks kept': {
    path: '/_mock/reorg',
    body: () => ({ depth: 101 }),
    message: /depth must be <= 100/,
  },
  'a reorg of no block': { path: '/_mock/reorg', body: () => ({ depth: 0 }), message: /depth must be >= 1/ },
  'mining no block': { path: '/_mock/mine', body: () => ({ blocks: 0 }), message: /blocks must be >= 1/ },
  'mining more than 1000 blocks': {
    path: '/_mock/mine',
    body: () => ({ blocks: 1001 }),
    message: /blocks must be <= 1000/,
  },
  'mining "2" blocks': { path: '/_mock/mine', body: () => ({ blocks: '2' }), message: /must be integer/ },
};

function tokenTransfer(i: WorldCatalogue, fields: Record<string, unknown> = {}): object {
  return {
    type: 'token_transfer',
    sender: i.addresses.stx_activity,
    recipient: i.addresses.unknown,
    amount: '1000',
    fee: '10',
    ...fields,
  };
}

function contractCall(i: WorldCatalogue, fields: Record<string, unknown>): object {
  return {
    type: 'contract_call',
    sender: i.addresses.ft_activity,
    recipient: i.addresses.unknown,
    amount: 1,
    fee: 10,
    ...fields,
  };
}

/** A fungible token the catalogue's FT holder holds. */
async function heldAsset(mock: App, catalogue: WorldCatalogue): Promise<{ asset: string }> {
  const balances = JSON.parse(
    (await get(mock, `/extended/v1/address/${catalogue.addresses.ft_activity}/balances`)).text,
  ) as {
    fungible_tokens: Record<string, { balance: string }>;
  };
  const [asset] = Object.entries(balances.fungible_tokens).find(([, t]) => BigInt(t.balance) > 0n)!;
  return { asset };
}

describe('a refused control call changes nothing', () => {
  let mock: App;
  let twin: App;
  let catalogue: WorldCatalogue;
  let rich: { asset: string };
  let before: string;
  beforeAll(async () => {
    [mock, twin] = await Promise.all([app(), app()]);
    catalogue = await readCatalogue(mock);
    rich = await heldAsset(mock, catalogue);
    before = await everything(mock);
    // Two mocks and a snapshot of every answer: more than the default 10 s on a loaded machine.
  }, 60_000);
  afterAll(() => Promise.all([mock.close(), twin.close()]));

  it.each(Object.keys(REFUSED))(
    '%s: 400, and the catalogue, the principals table and every answer are as before',
    async (name) => {
      const refused = REFUSED[name] as Refused;
      const res = await post(mock, refused.path, refused.body(catalogue, rich));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(refused.message);
      expect(await everything(mock)).toBe(before);
    },
  );

  it('after all of them the chain goes on as if none came: a twin that saw none answers the same after a block', async () => {
    expect((await post(mock, '/_mock/mine')).status).toBe(200);
    expect((await post(twin, '/_mock/mine')).status).toBe(200);
    expect(await everything(mock)).toBe(await everything(twin));
  });
});
