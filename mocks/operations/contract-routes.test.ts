import { describe, expect, it, vi } from 'vitest';
import { Cl, cvToHex, cvToValue, hexToCV } from '@stacks/transactions';
import type { ServerRequest } from '../../spec/http/request.ts';
import { createMock } from '../create-mock.ts';
import { ContractKind } from '../world/tables/kinds.ts';

// One mock for the file: what the world serves itself, and what the Clarity engine reads (one warm-up).
const mock = createMock({ blocks: 80, quiet: true, rateLimit: 0 });
const { queries } = mock.live;
const chain = queries.chain;
const token = chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending)!;
const [address, name] = token.id.split('.') as [string, string];

async function ask(target: string, init: Partial<ServerRequest> = {}) {
  const res = await mock.handle({ method: 'GET', target, headers: {}, ip: '127.0.0.1', ...init });
  return { status: res.status, body: res.body as never, text: res.text, headers: res.headers };
}

describe('the contract routes the world serves itself', () => {
  it('/v2/contracts/source: the source and the height of the deploying block, no proof, no-store', async () => {
    const found = queries.contracts().find(token.id)!;
    const res = await ask(`/v2/contracts/source/${address}/${name}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      source: expect.stringContaining('define-fungible-token'),
      publish_height: found.height,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it("/v2/contracts/source as of a block before the deployment: the node's 404 text", async () => {
    const found = queries.contracts().find(token.id)!;
    const before = chain.blocks.hex(1, found.height - 2).slice(2);
    const res = await ask(`/v2/contracts/source/${address}/${name}?tip=${before}`);
    expect([res.status, res.text]).toEqual([404, 'No contract source data found']);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const unknown = await ask(`/v2/contracts/source/${address}/${name}?tip=${'ab'.repeat(32)}`);
    expect([unknown.status, unknown.text]).toEqual([404, 'Chain tip not found']);
    // A tip that is no block id falls back to the tip, as the node does.
    expect((await ask(`/v2/contracts/source/${address}/${name}?tip=nonsense`)).status).toBe(200);
  });

  it('/extended/v1/contract/{id}: the deployment, the source, the ABI as JSON text; 404 in the real wording', async () => {
    const found = queries.contracts().find(token.id)!;
    const res = await ask(`/extended/v1/contract/${token.id}`);
    expect(res.body).toEqual({
      tx_id: chain.txs.idHex(found.tx),
      canonical: true,
      contract_id: token.id,
      block_height: found.height,
      clarity_version: token.clarityVersion,
      source_code: expect.stringContaining('define-fungible-token'),
      abi: expect.any(String),
    });
    expect(res.headers.etag).toBeDefined();
    // The engine's interface, its keys in the order the real service's jsonb column gives back.
    const abi = (res.body as { abi: string }).abi;
    const reads = await queries.clarity.ready();
    expect(JSON.parse(abi)).toEqual(JSON.parse(JSON.stringify(reads.contractInterface(token.id))));
    expect(abi).toMatch(/^\{"maps":\[.*\],"epoch":"\w+","functions":\[\{"args":/);
    const missing = await ask(`/extended/v1/contract/${address}.no-such-contract`);
    expect([missing.status, (missing.body as { message: string }).message]).toEqual([
      404,
      'cannot find contract by ID',
    ]);
  });

  it('/extended/v1/contract/{id}/events: the logs newest first, paged; any other id an empty page', async () => {
    const all = (await ask(`/extended/v1/contract/${token.id}/events?limit=50`)).body as {
      results: {
        tx_id: string;
        event_index: number;
        event_type: string;
        contract_log: { contract_id: string };
      }[];
    };
    expect(all.results.length).toBeGreaterThan(0);
    for (const event of all.results) expect(event.contract_log.contract_id).toBe(token.id);
    const heights = all.results.map((e) => chain.txs.height[queries.minedTx(e.tx_id)!] as number);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    const page = (await ask(`/extended/v1/contract/${token.id}/events?limit=2&offset=1`)).body as typeof all;
    expect(page).toMatchObject({ limit: 2, offset: 1 });
    expect(page.results).toEqual(all.results.slice(1, 3));
    const none = await ask(`/extended/v1/contract/not-a-contract/events`);
    expect([none.status, none.body]).toEqual([200, { limit: 20, offset: 0, results: [] }]);
  });

  it("/v2/info: the tip of /extended, its burn height, and the network's ids", async () => {
    const status = (await ask('/extended')).body as {
      chain_tip: { block_height: number; block_hash: string; burn_block_height: number };
    };
    const info = (await ask('/v2/info')).body as Record<string, unknown>;
    expect(info).toMatchObject({
      stacks_tip_height: status.chain_tip.block_height,
      stacks_tip: status.chain_tip.block_hash.slice(2),
      burn_block_height: status.chain_tip.burn_block_height,
      network_id: 1,
      parent_network_id: 3652501241,
    });
  });

  it('/v2/pox: pox-4 at the burn height of the tip, the cycle arithmetic the node does', async () => {
    const status = (await ask('/extended')).body as { chain_tip: { burn_block_height: number } };
    const pox = (await ask('/v2/pox')).body as {
      contract_id: string;
      current_burnchain_block_height: number;
      reward_cycle_length: number;
      current_cycle: { id: number };
      next_cycle: { id: number; blocks_until_reward_phase: number; reward_phase_start_block_height: number };
      total_liquid_supply_ustx: number;
    };
    const burn = status.chain_tip.burn_block_height;
    expect(pox.contract_id).toBe(`${chain.net.bootAddress}.pox-4`);
    expect(pox.current_burnchain_block_height).toBe(burn);
    expect(pox.current_cycle.id).toBe(Math.floor(burn / pox.reward_cycle_length));
    expect(pox.next_cycle.id).toBe(pox.current_cycle.id + 1);
    expect(pox.next_cycle.reward_phase_start_block_height).toBe(
      (pox.current_cycle.id + 1) * pox.reward_cycle_length,
    );
    expect(pox.next_cycle.reward_phase_start_block_height - burn).toBe(
      pox.next_cycle.blocks_until_reward_phase,
    );
    expect(pox.total_liquid_supply_ustx).toBeGreaterThan(0);
  });

  it('a forced 404 of a node route is its own text; a forced 500 the shared body', async () => {
    const forced = await ask(`/v2/contracts/source/${address}/${name}`, { headers: { prefer: 'code=404' } });
    expect([forced.status, forced.text]).toEqual([404, 'Chain tip not found']);
    const failed = await ask(`/v2/contracts/source/${address}/${name}`, { headers: { prefer: 'code=500' } });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ statusCode: 500 });
  });
});

describe('the routes that run Clarity, in the engine', () => {
  const post = (target: string, body: unknown) =>
    ask(target, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  const holder = (): string => {
    const ft = queries.catalogue().addresses.ft_activity;
    return ft || address;
  };

  it(
    "call-read: the token's get-balance is the extended balance of its holder",
    { timeout: 60_000 },
    async () => {
      const who = holder();
      const res = await post(`/v2/contracts/call-read/${address}/${name}/get-balance`, {
        sender: who,
        arguments: [cvToHex(Cl.principal(who))],
      });
      expect(res.status).toBe(200);
      const body = res.body as { okay: boolean; result: string };
      expect(body.okay).toBe(true);
      const balances = (await ask(`/extended/v1/address/${who}/balances`)).body as {
        fungible_tokens: Record<string, { balance: string }>;
      };
      const extended = balances.fungible_tokens[token.assetId]?.balance ?? '0';
      expect(cvToValue(hexToCV(body.result))).toEqual({ type: 'uint', value: extended });
    },
  );

  it("call-read: an argument that is no Clarity value is the node's 400 text; an unknown function okay: false", async () => {
    const bad = await post(`/v2/contracts/call-read/${address}/${name}/get-balance`, {
      sender: address,
      arguments: ['0xff'],
    });
    expect([bad.status, bad.text]).toEqual([400, 'Failed to deserialize argument value']);
    const missing = await post(`/v2/contracts/call-read/${address}/${name}/no-such-function`, {
      sender: address,
      arguments: [],
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ okay: false, cause: expect.any(String) });
  });

  it('interface, constant and map entry of the token, from the engine', async () => {
    const abi = (await ask(`/v2/contracts/interface/${address}/${name}`)).body as {
      functions: { name: string }[];
      fungible_tokens: { name: string }[];
    };
    expect(abi.functions.map((f) => f.name)).toContain('get-balance');
    expect(abi.fungible_tokens).toEqual([{ name: token.token }]);
    const owner = (await ask(`/v2/constant_val/${address}/${name}/contract-owner`)).body as { data: string };
    expect(cvToValue(hexToCV(owner.data))).toBe(address);
    expect((await ask(`/v2/constant_val/${address}/${name}/no-such-constant`)).text).toBe(
      'Constant not found',
    );
    const entry = await ask(`/v2/map_entry/${address}/${name}/no-such-map`, {
      method: 'POST',
      body: JSON.stringify(cvToHex(Cl.uint(1))),
      headers: { 'content-type': 'application/json' },
    });
    expect([entry.status, entry.body]).toEqual([200, { data: '0x09' }]);
    expect((await ask(`/v2/data_var/${address}/${name}/no-such-var`)).text).toBe('Data var not found');
    const contract = (await ask(`/extended/v1/contract/${token.id}`)).body as { abi: string };
    expect(JSON.parse(contract.abi)).toEqual(abi);
  });
});

describe('the boot contracts, as the node deployed them', () => {
  const boot = chain.net.bootAddress;

  it(
    "pox-4's interface: the node's shape, its functions and their arguments, the epoch and Clarity version it was deployed in",
    { timeout: 120_000 },
    async () => {
      const res = await ask(`/v2/contracts/interface/${boot}/pox-4`);
      expect(res.status).toBe(200);
      const abi = res.body as {
        functions: { name: string; access: string; args: { name: string; type: unknown }[] }[];
        maps: { name: string }[];
      } & Record<string, unknown>;
      // The keys in the order stacks-core's docs/rpc example gives them.
      expect(Object.keys(abi)).toEqual([
        'functions',
        'variables',
        'maps',
        'fungible_tokens',
        'non_fungible_tokens',
        'epoch',
        'clarity_version',
      ]);
      expect([abi.epoch, abi.clarity_version]).toEqual(['Epoch25', 'Clarity2']);
      const fn = (name: string) => abi.functions.find((f) => f.name === name);
      expect(fn('get-pox-info')).toMatchObject({ access: 'read_only', args: [] });
      expect(fn('stack-stx')?.access).toBe('public');
      expect(fn('stack-stx')?.args).toEqual([
        { name: 'amount-ustx', type: 'uint128' },
        {
          name: 'pox-addr',
          type: {
            tuple: [
              { name: 'hashbytes', type: { buffer: { length: 32 } } },
              { name: 'version', type: { buffer: { length: 1 } } },
            ],
          },
        },
        { name: 'start-burn-ht', type: 'uint128' },
        { name: 'lock-period', type: 'uint128' },
        { name: 'signer-sig', type: { optional: { buffer: { length: 65 } } } },
        { name: 'signer-key', type: { buffer: { length: 33 } } },
        { name: 'max-amount', type: 'uint128' },
        { name: 'auth-id', type: 'uint128' },
      ]);
      expect(abi.maps.map((m) => m.name)).toContain('stacking-state');
      // The extended contract the world records carries the same interface as its ABI.
      const contract = (await ask(`/extended/v1/contract/${boot}.pox-4`)).body as { abi: string };
      expect(JSON.parse(contract.abi)).toEqual(abi);
    },
  );

  it('every boot contract in the epoch the node deployed it in; source from the engine; none past the list', async () => {
    const epochs: Record<string, [string, string]> = {
      bns: ['Epoch20', 'Clarity1'],
      'costs-2': ['Epoch20', 'Clarity1'],
      'pox-3': ['Epoch24', 'Clarity2'],
      'signers-voting': ['Epoch25', 'Clarity2'],
      'costs-4': ['Epoch33', 'Clarity4'],
    };
    for (const [contract, expected] of Object.entries(epochs)) {
      const abi = (await ask(`/v2/contracts/interface/${boot}/${contract}`)).body as Record<string, unknown>;
      expect([abi.epoch, abi.clarity_version], contract).toEqual(expected);
    }
    const bns = await ask(`/v2/contracts/source/${boot}/bns`);
    expect(bns.status).toBe(200);
    expect(bns.body).toEqual({
      source: expect.stringContaining('(define-public (name-register'),
      publish_height: queries.contracts().find(`${boot}.pox-4`)?.height,
    });
    for (const missing of [`/v2/contracts/interface/${boot}/pox-9`, `/v2/contracts/source/${boot}/pox-9`])
      expect((await ask(missing)).status).toBe(404);
  });

  it("copies that fail to give a boot contract's interface: both routes answer the error body, as a failure of the world's engine does, never a 404 or a null ABI", async () => {
    await queries.clarity.ready();
    // A boot contract no other test asks for: the response cache would answer one asked before.
    const failed = vi
      .spyOn(queries.clarity, 'bootInterface')
      .mockRejectedValue(new Error("the Clarity engine's thread was stopped: a new engine replaces it"));
    try {
      for (const target of [
        `/v2/contracts/interface/${boot}/costs-3`,
        `/extended/v1/contract/${boot}.costs-3`,
      ]) {
        const res = await ask(target);
        expect([res.status, res.body], target).toEqual([
          500,
          { statusCode: 500, error: 'Internal Server Error', message: 'An internal server error occurred' },
        ]);
      }
      expect(failed).toHaveBeenCalledTimes(2);
    } finally {
      failed.mockRestore();
    }
    expect((await ask(`/v2/contracts/interface/${boot}/costs-3`)).status).toBe(200);
  });
});
