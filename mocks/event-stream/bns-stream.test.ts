import { PassThrough } from 'node:stream';
import { hexToBytes } from '@noble/hashes/utils';
import {
  Cl,
  ClarityType,
  deserializeTransaction,
  PayloadType,
  type ClarityValue,
} from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import { WorldQueries } from '../query/world-queries.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { resolveOptions } from '../world/options.ts';
import { writeEventStream } from './export-stream.ts';

// The event stream carries the world's BNS names as a stacks-node sends them, and nothing else
// does: reading the stream alone as the real service's indexer does (its
// src/event-stream/bns/bns-helpers.ts and event-server.ts: the `bns` contract's prints of
// successful transactions, `namespace-ready` for a namespace's lifetime, the `names` NFT mints
// for an address's names, `/attachments/new` for the zone files) finds exactly the names the
// mock answers.

interface Message {
  path: string;
  payload: any;
}

const BNS = 'SP000000000000000000002Q6VF78.bns';

async function messages(): Promise<{ chain: ReturnType<typeof buildChain>; lines: Message[] }> {
  const chain = buildChain(resolveOptions({ blocks: 120 }));
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  await writeEventStream(chain, out, () => undefined);
  const lines = chunks
    .join('')
    .trimEnd()
    .split('\n')
    .map((line) => {
      const [, , path, json] = line.split('\t');
      return { path: path as string, payload: JSON.parse((json as string).replace(/\\\\/g, '\\')) };
    });
  return { chain, lines };
}

const { chain, lines } = await messages();

function tupleField(value: ClarityValue, key: string): ClarityValue {
  if (value.type !== ClarityType.Tuple) throw new Error(`not a tuple: ${Cl.prettyPrint(value)}`);
  return value.value[key] as ClarityValue;
}

function text(value: ClarityValue): string {
  if (value.type !== ClarityType.Buffer) throw new Error('not a buffer');
  return new TextDecoder().decode(hexToBytes(value.value));
}

/** What the real service's tables would hold after the stream: names, namespace lifetimes, zone files, custody. */
function indexed() {
  const lifetimes = new Map<string, number>();
  const names = new Map<string, Record<string, unknown>>();
  const custody = new Map<string, string>();
  const zonefiles = new Map<string, string>();
  for (const { path, payload } of lines) {
    if (path === '/attachments/new') {
      for (const a of payload) {
        expect(a.contract_id).toBe(BNS);
        const content = new TextDecoder().decode(hexToBytes(String(a.content).slice(2)));
        zonefiles.set(`${a.tx_id}:${a.index_block_hash}:${a.content_hash}`, content);
      }
      continue;
    }
    if (path !== '/new_block') continue;
    const success = new Set(
      payload.transactions.filter((t: any) => t.status === 'success').map((t: any) => t.txid),
    );
    for (const e of payload.events) {
      if (e.type === 'nft_mint_event' && e.nft_mint_event.asset_identifier === `${BNS}::names`) {
        const v = Cl.deserialize(e.nft_mint_event.raw_value);
        custody.set(
          `${text(tupleField(v, 'name'))}.${text(tupleField(v, 'namespace'))}`,
          e.nft_mint_event.recipient,
        );
      }
      if (e.type !== 'contract_event' || e.contract_event.contract_identifier !== BNS) continue;
      if (!success.has(e.txid) || e.contract_event.topic !== 'print') continue;
      const v = Cl.deserialize(e.contract_event.raw_value);
      if (v.type === ClarityType.Tuple && v.value.status) {
        const lifetime = tupleField(tupleField(v, 'properties'), 'lifetime');
        lifetimes.set(
          text(tupleField(v, 'namespace')),
          Number(lifetime.type === ClarityType.UInt && lifetime.value),
        );
        continue;
      }
      const attachment = tupleField(v, 'attachment');
      const metadata = tupleField(attachment, 'metadata');
      const namespace = text(tupleField(metadata, 'namespace'));
      const name = `${text(tupleField(metadata, 'name'))}.${namespace}`;
      const sender = tupleField(metadata, 'tx-sender');
      const hash = tupleField(attachment, 'hash');
      const op = tupleField(metadata, 'op');
      names.set(name, {
        owner: sender.type === ClarityType.PrincipalStandard && sender.value,
        registeredAt: payload.block_height,
        expireBlock: lifetimes.has(namespace)
          ? payload.block_height + (lifetimes.get(namespace) as number)
          : 0,
        txId: e.txid,
        status: op.type === ClarityType.StringASCII && op.value,
        zonefileHash: hash.type === ClarityType.Buffer && hash.value,
        key: `${e.txid}:${payload.index_block_hash}:0x${hash.type === ClarityType.Buffer && hash.value}`,
      });
    }
  }
  return { lifetimes, names, custody, zonefiles };
}

describe('the event stream’s BNS names', () => {
  it('launches btc and id through namespace-ready prints, with the lifetimes the mock expires names by', () => {
    expect(Object.fromEntries(indexed().lifetimes)).toEqual({ btc: 0, id: 52595 });
  });

  it('carries every name the mock answers, and no other: owner, height, expiry, transaction, operation, zone file and its hash, and the owner’s NFT', () => {
    const { names, custody, zonefiles } = indexed();
    const served = new WorldQueries(chain).names.all(false);
    expect(served.size).toBeGreaterThanOrEqual(5);
    expect([...names.keys()].sort()).toEqual([...served.keys()].sort());
    for (const [name, facts] of served) {
      const { key, ...found } = names.get(name) as Record<string, unknown>;
      expect(found, name).toEqual({
        owner: facts.owner,
        registeredAt: facts.registeredAt,
        expireBlock: facts.expireBlock,
        txId: facts.txId,
        status: 'name-register',
        zonefileHash: facts.zonefileHash,
      });
      expect(zonefiles.get(key as string), name).toBe(facts.zonefile);
      expect(custody.get(name), name).toBe(facts.owner);
    }
  });

  it('sends each registration as a signed contract call of the bns contract, preceded by its owner’s preorder that burned the price', () => {
    const served = new WorldQueries(chain).names.all(false);
    const txs = new Map<string, { raw_tx: string; burns: unknown[] }>();
    for (const { path, payload } of lines) {
      if (path !== '/new_block') continue;
      for (const t of payload.transactions) txs.set(t.txid, { raw_tx: t.raw_tx, burns: [] });
      for (const e of payload.events)
        if (e.type === 'stx_burn_event') txs.get(e.txid)?.burns.push(e.stx_burn_event);
    }
    const calls = [...txs.values()].map((t) => ({ tx: deserializeTransaction(t.raw_tx), burns: t.burns }));
    for (const facts of served.values()) {
      const register = deserializeTransaction((txs.get(facts.txId) as { raw_tx: string }).raw_tx);
      const payload = register.payload;
      if (payload.payloadType !== PayloadType.ContractCall) throw new Error('not a contract call');
      expect([payload.contractName.content, payload.functionName.content]).toEqual(['bns', 'name-register']);
      expect(Cl.serialize(payload.functionArgs[3] as ClarityValue)).toBe(
        Cl.serialize(Cl.bufferFromHex(facts.zonefileHash)),
      );
      const preorder = calls.find(
        ({ tx }) =>
          tx.payload.payloadType === PayloadType.ContractCall &&
          tx.payload.functionName.content === 'name-preorder' &&
          tx.auth.spendingCondition.signer === register.auth.spendingCondition.signer,
      );
      expect(preorder?.burns, facts.name).toEqual([{ sender: facts.owner, amount: '2000000' }]);
    }
  });
});
