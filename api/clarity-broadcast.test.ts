import { createNetwork } from '@stacks/network';
import {
  broadcastTransaction,
  Cl,
  cvToHex,
  fetchAbi,
  fetchCallReadOnlyFunction,
  hexToCV,
  makeContractCall,
  makeContractDeploy,
  Pc,
  PostConditionMode,
  privateKeyToAddress,
  type ClarityValue,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../spec/http/client.ts';
import { startMock, type Mock } from './index.ts';
import { okBody } from '../testing/http/ok-body.ts';

// stacks.js 7, unmodified, deploys a contract to the mock and calls it; the Clarity engine runs
// both in the next block, mined through the control plane. One mock (one engine) for the file.
const KEY = 'c1d0d6ba4fdc0a5e3bd31f7b7f2fb5e7b8f3a3c1ef1f2a1ad7e3b1c2d4e5f60701';
const sender = privateKeyToAddress(KEY, 'testnet');
const FRIEND = privateKeyToAddress(`${(9).toString(16).padStart(64, '0')}01`, 'testnet');
const NAME = 'counter';
const CONTRACT = `${sender}.${NAME}`;
const SOURCE = `;; a counter, a guest book and a tip jar
(define-data-var counter uint u0)
(define-map notes principal (string-ascii 40))
(define-fungible-token coin)

(define-public (bump (by uint))
  (begin
    (var-set counter (+ (var-get counter) by))
    (map-set notes tx-sender "bumped")
    (try! (ft-mint? coin by tx-sender))
    (print { event: "bump", by: by, counter: (var-get counter) })
    (ok (var-get counter))))

(define-public (fail (code uint))
  (begin
    (var-set counter u999)
    (err code)))

(define-public (boom) (ok (unwrap-panic (element-at? (list u1) u5))))

(define-public (tip (amount uint) (to principal))
  (stx-transfer? amount tx-sender to))

(define-read-only (get-counter) (var-get counter))
`;

let mock: Mock;
let client: HttpClient;
let network: ReturnType<typeof createNetwork>;
let nonce = 0n;

beforeAll(async () => {
  mock = await startMock({ port: 0, network: 'testnet', blocks: 60, quiet: true });
  // A read after a reorg waits for a new engine's start and replay: seconds, more on a busy machine.
  client = httpClient(mock.url, { timeoutMs: 120_000 });
  network = createNetwork({ network: 'testnet', client: { baseUrl: mock.url } });
  expect((await client.post(`/extended/v1/faucets/stx?address=${sender}`)).status).toBe(200);
  await mine();
}, 180_000);
afterAll(async () => {
  await client.close();
  await mock.close();
});

async function mine(): Promise<void> {
  expect((await client.post('/_mock/mine', { blocks: 1 })).status).toBe(200);
}

function get<T>(path: string): Promise<T> {
  return okBody<T>(client, path);
}

interface Tx {
  tx_id: string;
  tx_status: string;
  post_condition_mode: string;
  tx_type: string;
  tx_result: { hex: string; repr: string };
  vm_error: string | null;
  fee_rate: string;
  events: { event_type: string; contract_log?: { contract_id: string; value: { repr: string } } }[];
}

/** Signs a call to the counter; with the next nonce, which it takes, unless `opts` names one. */
async function call(
  fn: string,
  args: ClarityValue[],
  opts: Partial<Parameters<typeof makeContractCall>[0]> = {},
) {
  return makeContractCall({
    contractAddress: sender,
    contractName: NAME,
    functionName: fn,
    functionArgs: args,
    senderKey: KEY,
    network,
    fee: 5_000,
    ...opts,
    nonce: opts.nonce ?? nonce++,
  });
}

/** Broadcasts, mines a block, and answers the transaction as the extended API shows it. */
async function mined(tx: StacksTransactionWire): Promise<Tx> {
  expect(await broadcastTransaction({ transaction: tx, network })).toEqual({ txid: tx.txid() });
  await mine();
  return get<Tx>(`/extended/v1/tx/0x${tx.txid()}`);
}

async function stxBalance(address: string): Promise<bigint> {
  return BigInt(
    (await get<{ stx: { balance: string } }>(`/extended/v1/address/${address}/balances`)).stx.balance,
  );
}

describe('stacks.js deploys and calls a contract the Clarity engine runs', () => {
  it('makeContractDeploy: pending, then mined by the next block; the contract served by every route', async () => {
    const deploy = await makeContractDeploy({
      contractName: NAME,
      codeBody: SOURCE,
      senderKey: KEY,
      network,
      nonce: nonce++,
      fee: 50_000,
    });
    expect(await broadcastTransaction({ transaction: deploy, network })).toEqual({ txid: deploy.txid() });
    const pending = await get<Tx>(`/extended/v1/tx/0x${deploy.txid()}`);
    expect(pending).toMatchObject({ tx_status: 'pending', tx_type: 'smart_contract' });
    await mine();
    const tx = await get<Tx & { smart_contract: { contract_id: string; source_code: string } }>(
      `/extended/v1/tx/0x${deploy.txid()}`,
    );
    expect(tx).toMatchObject({
      tx_status: 'success',
      smart_contract: { contract_id: CONTRACT, source_code: SOURCE },
      tx_result: { repr: '(ok true)' },
    });
    const abi = await fetchAbi({ contractAddress: sender, contractName: NAME, network });
    expect(abi.functions.map((f) => `${f.name}:${f.access}`)).toEqual(
      expect.arrayContaining(['bump:public', 'fail:public', 'tip:public', 'get-counter:read_only']),
    );
    expect(await get(`/extended/v1/contract/${CONTRACT}`)).toMatchObject({
      contract_id: CONTRACT,
      tx_id: `0x${deploy.txid()}`,
      source_code: SOURCE,
    });
    // The node refuses a second contract of the same name from the same sender before its mempool.
    const again = await makeContractDeploy({
      contractName: NAME,
      codeBody: SOURCE,
      senderKey: KEY,
      network,
      nonce,
      fee: 50_000,
    });
    expect(await broadcastTransaction({ transaction: again, network })).toMatchObject({
      reason: 'ContractAlreadyExists',
      reason_data: { contract_identifier: CONTRACT },
    });
  });

  it('makeContractCall to a public function: its result and print event, the state read back by call-read, data_var and map_entry', async () => {
    const tx = await mined(await call('bump', [Cl.uint(5)]));
    expect(tx).toMatchObject({
      tx_status: 'success',
      tx_type: 'contract_call',
      tx_result: { repr: '(ok u5)' },
    });
    const listed = await get<{ results: { tx_id: string }[] }>(
      `/extended/v1/tx?function_name=bump&contract_id=${CONTRACT}`,
    );
    expect(listed.results.map((t) => t.tx_id)).toContain(tx.tx_id);
    expect(tx.events.map((e) => e.event_type)).toEqual(['fungible_token_asset', 'smart_contract_log']);
    const balances = await get<{ fungible_tokens: Record<string, { balance: string }> }>(
      `/extended/v1/address/${sender}/balances`,
    );
    expect(balances.fungible_tokens[`${CONTRACT}::coin`]).toMatchObject({ balance: '5' });
    const log = tx.events.find((e) => e.event_type === 'smart_contract_log');
    expect(log?.contract_log).toMatchObject({ contract_id: CONTRACT });
    expect(log?.contract_log?.value.repr).toBe('(tuple (by u5) (counter u5) (event "bump"))');
    const read = await fetchCallReadOnlyFunction({
      contractAddress: sender,
      contractName: NAME,
      functionName: 'get-counter',
      functionArgs: [],
      senderAddress: sender,
      network,
    });
    expect(read).toEqual(Cl.uint(5));
    const dataVar = await get<{ data: string }>(`/v2/data_var/${sender}/${NAME}/counter?proof=0`);
    expect(hexToCV(dataVar.data)).toEqual(Cl.uint(5));
    const entry = await client.post(
      `/v2/map_entry/${sender}/${NAME}/notes?proof=0`,
      cvToHex(Cl.principal(sender)),
    );
    expect(hexToCV((entry.body as { data: string }).data)).toEqual(Cl.some(Cl.stringAscii('bumped')));
  });

  it('refuses a call the contract cannot take, as the node does before its mempool', async () => {
    const missing = await call('no-such-function', [], { nonce });
    expect(await broadcastTransaction({ transaction: missing, network })).toMatchObject({
      reason: 'NoSuchPublicFunction',
    });
    const badArgs = await call('bump', [Cl.int(5)], { nonce });
    expect(await broadcastTransaction({ transaction: badArgs, network })).toMatchObject({
      reason: 'BadFunctionArgument',
      reason_data: { message: 'TypeError(UIntType, IntType)' },
    });
  });

  it('a call returning (err …) is abort_by_response: its effects rolled back, its fee paid', async () => {
    const before = await stxBalance(sender);
    const tx = await mined(await call('fail', [Cl.uint(7)]));
    expect(tx).toMatchObject({ tx_status: 'abort_by_response', tx_result: { repr: '(err u7)' }, events: [] });
    expect(await stxBalance(sender)).toBe(before - 5_000n);
    const dataVar = await get<{ data: string }>(`/v2/data_var/${sender}/${NAME}/counter?proof=0`);
    expect(hexToCV(dataVar.data)).toEqual(Cl.uint(5));
    // A runtime error: the node records (err none) and the error, the fee paid.
    const boom = await mined(await call('boom', []));
    expect(boom).toMatchObject({
      tx_status: 'abort_by_response',
      tx_result: { repr: '(err none)' },
      events: [],
    });
    expect(boom.vm_error).toMatch(/UnwrapFailure/);
  });

  it('an STX transfer from inside a call under deny mode without a post-condition is abort_by_post_condition: nothing moved but the fee', async () => {
    const [senderBefore, friendBefore] = [await stxBalance(sender), await stxBalance(FRIEND)];
    const denied = await mined(
      await call('tip', [Cl.uint(1_000_000), Cl.principal(FRIEND)], {
        postConditionMode: PostConditionMode.Deny,
      }),
    );
    expect(denied).toMatchObject({ tx_status: 'abort_by_post_condition', events: [] });
    expect(denied.vm_error).toMatch(/^Post-condition check failure: Fungible asset .*STX::STX was moved by /);
    expect([await stxBalance(sender), await stxBalance(FRIEND)]).toEqual([
      senderBefore - 5_000n,
      friendBefore,
    ]);
    // The same call with the post-condition that covers it moves the STX; in originator mode (v9's)
    // only the origin's assets need one, and the answer shows the mode and the origin principal.
    const allowed = await mined(
      await call('tip', [Cl.uint(1_000_000), Cl.principal(FRIEND)], {
        postConditionMode: PostConditionMode.Originator,
        postConditions: [Pc.origin().willSendEq(1_000_000).ustx()],
      }),
    );
    expect(allowed).toMatchObject({
      tx_status: 'success',
      tx_result: { repr: '(ok true)' },
      post_condition_mode: 'originator',
      post_conditions: [
        {
          type: 'stx',
          principal: { type_id: 'principal_origin' },
          condition_code: 'sent_equal_to',
          amount: '1000000',
        },
      ],
    });
    expect(allowed.events).toEqual([expect.objectContaining({ event_type: 'stx_asset' })]);
    expect(await stxBalance(FRIEND)).toBe(friendBefore + 1_000_000n);
  });

  it('a deployment that does not analyse is mined as abort_by_response, (err none) and the reason; its name stays free', async () => {
    const broken = await makeContractDeploy({
      contractName: 'broken',
      codeBody: '(define-read-only (sum) (+ u1 1))',
      senderKey: KEY,
      network,
      nonce: nonce++,
      fee: 50_000,
    });
    const tx = await mined(broken);
    expect(tx).toMatchObject({
      tx_status: 'abort_by_response',
      tx_result: { repr: '(err none)' },
      events: [],
    });
    expect(tx.vm_error).toMatch(/expecting expression of type 'uint', found 'int'/);
    expect((await client.get(`/extended/v1/contract/${sender}.broken`)).status).toBe(404);
    const fixed = await makeContractDeploy({
      contractName: 'broken',
      codeBody: '(define-read-only (sum) (+ u1 u1))',
      senderKey: KEY,
      network,
      nonce: nonce++,
      fee: 50_000,
    });
    expect(await mined(fixed)).toMatchObject({ tx_status: 'success' });
  });

  it('a reorg orphans a deployment: pending again, mined again once the engine holds the canonical chain', async () => {
    const deploy = await makeContractDeploy({
      contractName: 'orphan',
      codeBody: '(define-data-var n uint u42)',
      senderKey: KEY,
      network,
      nonce: nonce++,
      fee: 50_000,
    });
    expect(await mined(deploy)).toMatchObject({ tx_status: 'success' });
    expect((await client.post('/_mock/reorg', { depth: 1 })).status).toBe(200);
    expect(await get<Tx>(`/extended/v1/tx/0x${deploy.txid()}`)).toMatchObject({ tx_status: 'pending' });
    // A read waits for the engine to replay the canonical chain, where the contract is not yet.
    expect((await client.get(`/v2/data_var/${sender}/orphan/n?proof=0`)).status).toBe(404);
    // Like any orphaned transaction, a block takes it by the mempool's draw (the seed's: a few blocks).
    let status = 'pending';
    for (let blocks = 0; blocks < 20 && status === 'pending'; blocks++) {
      await mine();
      status = (await get<Tx>(`/extended/v1/tx/0x${deploy.txid()}`)).tx_status;
    }
    expect(status).toBe('success');
    const n = await get<{ data: string }>(`/v2/data_var/${sender}/orphan/n?proof=0`);
    expect(hexToCV(n.data)).toEqual(Cl.uint(42));
  });
});
