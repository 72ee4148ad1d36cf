import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockApp, type ListenerDoor } from '../app.ts';
import type { Mock } from '../mock-handle.ts';
import { specCheckedBody, specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { tempDir } from '../../testing/temp-dir.ts';

// One world for the file: a world file's names beside the seed's, bob.btc registered two blocks
// below the tip, so that a reorg can take it away.
const BLOCKS = 80;
const ZONEFILE = '$ORIGIN alice.id\n$TTL 3600\n_https._tcp URI 10 1 "https://example.com/alice.json"\n';
const WORLD = [
  'accounts:',
  '  alice: { stx: "90000000" }',
  '  bob: { stx: "90000000" }',
  'names:',
  `  - { name: bob.btc, owner: bob, height: ${BLOCKS - 2} }`,
  `  - { name: alice.id, owner: alice, height: 9, zonefile: ${JSON.stringify(ZONEFILE)} }`,
].join('\n');

let app: Mock<ListenerDoor>;
let get: ReturnType<typeof specCheckedClient>;
let body: ReturnType<typeof specCheckedBody<Json>>;
let alice = '';
let bob = '';

const dir = tempDir('bns-names-');

beforeAll(async () => {
  const path = join(dir, 'world.yaml');
  writeFileSync(path, `${WORLD}\n`);
  app = createMockApp({ quiet: true, rateLimit: 0, blocks: BLOCKS, world: path });
  get = specCheckedClient(app);
  body = specCheckedBody<Json>(get);
  const world = (await get('/_mock/world')).body as {
    declared: { accounts: { name: string; address: string }[] };
  };
  alice = world.declared.accounts.find((a) => a.name === 'alice')?.address ?? '';
  bob = world.declared.accounts.find((a) => a.name === 'bob')?.address ?? '';
});

type Json = Record<string, any>;

function hash160(text: string): string {
  return bytesToHex(ripemd160(sha256(utf8ToBytes(text))));
}

/** The world's name-register calls: name → transaction id, whether on the canonical chain or not. */
function registrations(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [txId, entry] of Object.entries(app.live.queries.chain.clarityTxs)) {
    if (entry.payload.kind !== 'call' || entry.payload.fn !== 'name-register') continue;
    const [namespace, label] = entry.payload.args.map((a) =>
      Buffer.from(a.hex.slice(4 + 8), 'hex').toString(),
    );
    out.set(`${label}.${namespace}`, txId);
  }
  return out;
}

/** Every name the world registers through BNS calls, as a client would ask for it. */
function worldNames(): string[] {
  return [...registrations().keys()];
}

/**
 * Each name agrees with the chain: answered, its owner sent `last_txid`, a name-register call of
 * the bns contract mined at the name's registration height, and the owner's list holds it; not
 * answered, that transaction is not mined on the canonical chain. Returns the names answered.
 */
async function coherentNames(): Promise<Map<string, Json>> {
  const answered = new Map<string, Json>();
  for (const name of worldNames()) {
    const res = await get(`/v1/names/${name}`);
    const tx = await get(`/extended/v1/tx/${registrations().get(name)}`);
    if (res.status === 404) {
      expect(res.body).toEqual({ error: `cannot find name ${name}` });
      // Unknown, or back in the mempool (pending, or dropped there): not on the canonical chain.
      const unmined = tx.status === 404 || /^(pending|dropped_)/.test(String(tx.body.tx_status));
      expect(unmined, `${name}: ${String(tx.body.tx_status)}`).toBe(true);
      continue;
    }
    expect(res.status).toBe(200);
    const info = res.body as Json;
    expect(tx.body.tx_id).toBe(info.last_txid);
    expect(tx.body.sender_address).toBe(info.address);
    expect(tx.body.canonical).toBe(true);
    expect([tx.body.contract_call.contract_id, tx.body.contract_call.function_name]).toEqual([
      'SP000000000000000000002Q6VF78.bns',
      'name-register',
    ]);
    const lifetime = name.endsWith('.id') ? 52595 : 0;
    expect(info.expire_block).toBe(tx.body.block_height + lifetime);
    expect((await body(`/v1/addresses/stacks/${info.address}`)).names).toContain(name);
    answered.set(name, info);
  }
  return answered;
}

describe('GET /v1/names/{name}', () => {
  it('answers a world file’s name as the real service writes its record: owner, registering transaction, zone file and its hash160', async () => {
    const info = await body('/v1/names/bob.btc');
    expect(Object.keys(info)).toEqual([
      'address',
      'blockchain',
      'expire_block',
      'last_txid',
      'status',
      'zonefile',
      'zonefile_hash',
    ]);
    expect(info.address).toBe(bob);
    expect(info.blockchain).toBe('stacks');
    expect(info.status).toBe('name-register');
    expect(info.expire_block).toBe(BLOCKS - 2);
    expect(info.zonefile).toContain(`https://gaia.hiro.so/hub/${bob}/profile.json`);
    expect(info.zonefile_hash).toBe(hash160(info.zonefile));
    const tx = await body(`/extended/v1/tx/${info.last_txid}`);
    expect([tx.sender_address, tx.block_height]).toEqual([bob, BLOCKS - 2]);
    const id = await body('/v1/names/alice.id');
    expect([id.zonefile, id.zonefile_hash, id.expire_block]).toEqual([
      ZONEFILE,
      hash160(ZONEFILE),
      9 + 52595,
    ]);
  });

  it('registers each name through the bns contract, as a node would: its owner’s name-preorder burns the price, then name-register names the zone file’s hash and prints the attachment', async () => {
    const info = await body('/v1/names/alice.id');
    const preorders = Object.entries(app.live.queries.chain.clarityTxs)
      .filter(([, e]) => e.payload.kind === 'call' && e.payload.fn === 'name-preorder')
      .map(([txId]) => txId);
    const mined = await Promise.all(preorders.map((txId) => body(`/extended/v1/tx/${txId}`)));
    const preorder = mined.find((t) => t.sender_address === alice) as Json;
    expect([preorder.block_height, preorder.contract_call.contract_id]).toEqual([
      8,
      'SP000000000000000000002Q6VF78.bns',
    ]);
    expect(preorder.events).toEqual([
      expect.objectContaining({
        event_type: 'stx_asset',
        asset: { asset_event_type: 'burn', sender: alice, recipient: '', amount: '2000000' },
      }),
    ]);
    const register = await body(`/extended/v1/tx/${info.last_txid}`);
    expect(register.contract_call.function_args.map((a: Json) => a.name)).toEqual([
      'namespace',
      'name',
      'salt',
      'zonefile-hash',
    ]);
    expect(register.contract_call.function_args[3].repr).toBe(`0x${info.zonefile_hash}`);
    expect(register.tx_result.repr).toBe('(ok true)');
    const printed = (register.events as Json[]).map((e) => e.event_type);
    expect(printed).toEqual(['non_fungible_token_asset', 'smart_contract_log']);
    expect(register.events[1].contract_log.value.repr).toContain(`(hash 0x${info.zonefile_hash})`);
    // The contract's own events list its prints, as the real service keeps any contract's logs.
    const logs = await body('/extended/v1/contract/SP000000000000000000002Q6VF78.bns/events?limit=50');
    const printedBy = (logs.results as Json[]).map((e) => e.tx_id);
    expect(printedBy).toContain(info.last_txid);
    expect(logs.results).toHaveLength(2 + worldNames().length);
    // Her holdings hold the name's NFT, valued as BNS mints it: the name's tuple.
    const holdings = await body(`/extended/v1/tokens/nft/holdings?principal=${alice}`);
    expect(holdings.results.map((h: Json) => [h.asset_identifier, h.value.repr])).toEqual([
      ['SP000000000000000000002Q6VF78.bns::names', '(tuple (name 0x616c696365) (namespace 0x6964))'],
    ]);
    // alice's balance paid for it: her 90 STX less the burn and the two calls' fees.
    const stx = await body(`/extended/v2/addresses/${alice}/balances/stx`);
    expect(stx.balance).toBe(String(90_000_000 - 2_000_000 - 2 * 3000));
  });

  it('answers every name of the world, the seed’s among them, coherent with its registering transaction', async () => {
    expect(worldNames().length).toBeGreaterThan(2);
    expect((await coherentNames()).size).toBe(worldNames().length);
  });

  it('gives 404 in the BNS routes’ own words for a name never registered, a subdomain and a bare label, with the chain tip’s ETag', async () => {
    for (const [name, error] of [
      ['nobody.btc', 'cannot find name nobody.btc'],
      ['www.alice.btc', 'cannot find subdomain www.alice.btc'],
      ['testname', 'cannot find name testname'],
    ]) {
      const res = await get(`/v1/names/${name}`);
      expect([res.status, res.body]).toEqual([404, { error }]);
      expect(res.headers.etag).toBeDefined();
    }
    expect(await body('/v1/names/nobody.btc/zonefile', 404)).toEqual({
      error: 'No such name or zonefile does not exist',
    });
  });

  it('answers 304 to the ETag it sent', async () => {
    const first = await get('/v1/names/alice.id');
    expect((await get('/v1/names/alice.id', { 'If-None-Match': first.headers.etag ?? '' })).status).toBe(304);
  });
});

describe('GET /v1/names/{name}/zonefile', () => {
  it('answers the zone file of a name', async () => {
    expect(await body('/v1/names/alice.id/zonefile')).toEqual({ zonefile: ZONEFILE });
  });
});

describe('GET /v1/addresses/{blockchain}/{address}', () => {
  it('lists the names an address owns, sorted; none for an address that owns none, checked or not', async () => {
    expect(await body(`/v1/addresses/stacks/${alice}`)).toEqual({ names: ['alice.id'] });
    expect(await body('/v1/addresses/stacks/SP3ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZW9P3P0G')).toEqual({
      names: [],
    });
    expect(await body('/v1/addresses/stacks/not-an-address')).toEqual({ names: [] });
  });

  it('refuses a blockchain other than stacks with 400 Unsupported blockchain', async () => {
    expect((await body(`/v1/addresses/bitcoin/${alice}`, 400)).message).toBe('Unsupported blockchain');
  });
});

describe('the names follow the living chain', () => {
  it('a reorg that takes the registering transaction away takes the name with it, until a block mines it again; a reset brings the seed’s names back', async () => {
    const before = await coherentNames();
    app.live.reorg(4);
    const after = await coherentNames();
    const moved = after.get('bob.btc');
    // Back in the mempool, or mined again on the new branch at its own height.
    if (moved) expect(moved.expire_block).not.toBe(before.get('bob.btc')?.expire_block);
    else expect(await body(`/v1/addresses/stacks/${bob}`)).toEqual({ names: [] });
    app.live.mine(3);
    await coherentNames();
    app.live.reset();
    expect(await coherentNames()).toEqual(before);
  });
});
