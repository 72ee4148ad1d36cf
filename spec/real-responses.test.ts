import { hexToCV } from '@stacks/transactions';
import { describe, expect, it } from 'vitest';
import {
  loadRealResponses,
  realResponse,
  type RealResponse,
} from '../testing/real-responses/real-responses.ts';
import { isStacksPrincipal } from './formats.ts';
import { listOperations, loadSpec, operationById, type Operation } from './load.ts';
import { goldenFileOf, readGolden } from '../differential/golden.ts';
import { RELEASES } from './releases/releases.ts';
import { ResponseChecker } from './response-checker.ts';
import { isWrongMethod, operationRouterOf } from './request/routing.ts';
import { HttpResponse, rawHeadersOf, type HttpHeaders } from './http/response.ts';
import type { Problem } from './responses.ts';
import { reprOf } from './clarity-repr.ts';

type JsonObject = Record<string, unknown>;
type Path = (string | number)[];

const doc = loadSpec();
const checker = new ResponseChecker(doc);
const fixtures = loadRealResponses();

const ALICE = 'SP2X64E4091EZQT28CMBTTCFMRDN68WZ9XHZ42XPS';
/** ALICE with its last character changed: same shape, broken c32check checksum. */
const ALICE_BAD_CHECKSUM = 'SP2X64E4091EZQT28CMBTTCFMRDN68WZ9XHZ42XPT';

/** The headers the real service sends (real-service-facts.md, "Response headers on 200"). */
function realHeaders(op: Operation, status: number): HttpHeaders {
  return {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': status === 200 ? 'public, no-cache, must-revalidate' : 'no-store',
    ...(status === 200 ? { etag: '"bf77284250615c81a1658f31b8d29c55"' } : {}),
    ...(op.deprecated
      ? { warning: '299 - "Deprecated: See https://docs.hiro.so/api for more information"' }
      : {}),
  };
}

/** What a case changes of the real answer: its status or its headers. */
interface Overrides {
  status?: number;
  headers?: HttpHeaders;
}

function check(fixture: RealResponse, overrides: Overrides = {}): Problem[] {
  const op = operationById(fixture.operationId);
  const status = overrides.status ?? fixture.status;
  const headers = overrides.headers ?? realHeaders(op, status);
  return checker.check(op, new HttpResponse(status, rawHeadersOf(headers), JSON.stringify(fixture.body)));
}

/** A deep copy of a fixture whose body `change` may edit in place. */
function mutated(name: string, change: (body: JsonObject) => void): RealResponse {
  const fixture = structuredClone(realResponse(name));
  change(fixture.body as JsonObject);
  return fixture;
}

function at(value: unknown, path: Path): JsonObject {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  if (typeof node !== 'object' || node === null) throw new Error(`no object at ${path.join('/')}`);
  return node as JsonObject;
}

function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) yield* walk(child, `${path}/${key}`);
  }
}

/** Every `{hex, repr}` pair whose `repr` is not what its `hex` decodes to. */
function clarityMismatches(body: unknown): string[] {
  const wrong: string[] = [];
  for (const [path, node] of walk(body)) {
    const pair = node as { hex?: unknown; repr?: unknown };
    if (typeof pair?.hex !== 'string' || typeof pair.repr !== 'string') continue;
    // A v3 memo is bytes with their text, not a Clarity value.
    if (path.endsWith('/memo')) continue;
    const printed = reprOf(hexToCV(pair.hex));
    if (printed !== pair.repr) wrong.push(`${path}: ${pair.hex} is ${printed}, not ${pair.repr}`);
  }
  return wrong;
}

function clarityPairCount(body: unknown): number {
  return [...walk(body)].filter(([, n]) => typeof (n as { repr?: unknown })?.repr === 'string').length;
}

const PRINCIPAL_LIKE = /^(S[0-9A-Z]{27,40}(\.[a-zA-Z][a-zA-Z0-9_-]*)?)(::\S+)?$/;

describe('real responses, written by hand from real-service-facts.md', () => {
  it("cover every operation of the spec with a 200, or the golden answers hold the real service's", () => {
    // An operation may have more than one 200 (a read-only call's success and its failure).
    const covered = new Set(fixtures.filter((f) => f.status === 200).map((f) => f.operationId));
    // A GET added since answers the differential's declared request (fixtures/golden/, checked against the mock).
    for (const { version } of RELEASES)
      for (const answer of readGolden(goldenFileOf(version, 'default-mainnet')).answers)
        if (answer.real.status === 200) covered.add(answer.operationId);
    expect([...covered].sort()).toEqual(
      listOperations()
        .map((op) => op.operationId)
        .sort(),
    );
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s is accepted by the spec', (_name, fixture) => {
    expect(check(fixture)).toEqual([]);
  });

  describe('are self-consistent', () => {
    it('Clarity hex and repr encode each other', () => {
      for (const fixture of fixtures) expect(clarityMismatches(fixture.body), fixture.name).toEqual([]);
      expect(fixtures.reduce((n, f) => n + clarityPairCount(f.body), 0)).toBeGreaterThanOrEqual(10);
    });

    it('a repr that does not match its hex is caught', () => {
      const wrong = mutated('get_address_transaction_events', (b) => {
        at(b, ['results', 6, 'data', 'value']).repr = 'u1338';
      });
      expect(clarityMismatches(wrong.body)).toEqual([
        '/results/6/data/value: 0x0100000000000000000000000000000539 is u1337, not u1338',
      ]);
    });

    it('every address, contract id and asset id has a valid c32check checksum', () => {
      const seen = new Set<string>();
      for (const fixture of fixtures) {
        for (const [path, node] of walk(fixture.body)) {
          const principal = typeof node === 'string' ? PRINCIPAL_LIKE.exec(node)?.[1] : undefined;
          if (!principal) continue;
          seen.add(principal);
          expect(isStacksPrincipal(principal), `${fixture.name}${path}: ${principal}`).toBe(true);
        }
      }
      expect(seen.size).toBeGreaterThanOrEqual(10);
    });

    it('every *_time_iso is the same instant as its *_time', () => {
      let compared = 0;
      for (const fixture of fixtures) {
        for (const [path, node] of walk(fixture.body)) {
          if (typeof node !== 'object' || node === null) continue;
          for (const [key, iso] of Object.entries(node)) {
            const seconds = (node as JsonObject)[key.replace(/_iso$/, '')];
            if (!key.endsWith('_iso') || typeof seconds !== 'number') continue;
            expect(iso, `${fixture.name}${path}/${key}`).toBe(new Date(seconds * 1000).toISOString());
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThanOrEqual(10);
    });

    it('transactions carry their own ids and count their events', () => {
      for (const [key, entry] of Object.entries(realResponse('get_tx_list_details').body as JsonObject)) {
        const result = at(entry, ['result']);
        expect(result.tx_id).toBe(key);
        if (Array.isArray(result.events)) {
          expect(result.events).toHaveLength(result.event_count as number);
          for (const event of result.events) expect(at(event, []).tx_id).toBe(key);
        }
      }
    });
  });

  it('show the real service where it differs from, or says more than, the description', () => {
    const entries = Object.values(realResponse('get_tx_list_details').body as JsonObject).map((e) =>
      at(e, []),
    );
    expect(entries.map((e) => [e.found, at(e, ['result']).tx_status ?? null])).toEqual([
      [true, 'success'],
      [true, 'pending'],
      [false, null],
    ]);
    expect(at(entries[0], ['result', 'events', 0]).event_type).toBe('stx_asset');

    const stats = realResponse('get_mempool_transaction_stats').body;
    const percentiles = [...walk(stats)].filter(([path]) => /\/p\d\d$/.test(path)).map(([, v]) => v);
    expect(percentiles).toContain(null);
    expect(percentiles.some((v) => typeof v === 'number' && !Number.isInteger(v))).toBe(true);

    const status = at(realResponse('get_status').body, []);
    expect([status.pox_v1_unlock_height, status.pox_v2_unlock_height, status.pox_v3_unlock_height]).toEqual([
      null,
      null,
      null,
    ]);
    expect(Object.keys(at(status, ['chain_tip']))).not.toContain('microblock_hash');
    expect(Object.keys(at(status, ['chain_tip']))).not.toContain('microblock_sequence');

    const events = (at(realResponse('get_address_transaction_events').body, []).results as JsonObject[]).map(
      (e) => ({
        kind: `${String(e.type)}/${String(at(e, ['data']).type)}`,
        fields: Object.keys(at(e, ['data'])).sort(),
      }),
    );
    expect(events.map((e) => e.kind).sort()).toEqual(
      ['stx', 'ft', 'nft'].flatMap((t) => ['transfer', 'mint', 'burn'].map((d) => `${t}/${d}`)).sort(),
    );
    for (const { kind, fields } of events) {
      if (kind.endsWith('/mint')) expect(fields, kind).not.toContain('sender');
      if (kind.endsWith('/burn')) expect(fields, kind).not.toContain('recipient');
    }

    const txs = (
      at(realResponse('get_account_transactions_with_transfers').body, []).results as JsonObject[]
    ).map((r) => at(r, ['tx']));
    expect(txs.map((tx) => tx.tx_type)).toEqual(['contract_call', 'coinbase', 'tenure_change']);
    expect(txs[0]).toMatchObject({ tx_status: 'abort_by_response', vm_error: expect.any(String) });

    const balances = at(realResponse('get_account_balance').body, []);
    expect(Object.keys(at(balances, ['stx']))).not.toContain('estimated_balance');
    expect(balances.token_offering_locked).toBeDefined();

    const single = at(realResponse('get_single_transaction_with_transfers').body, []);
    expect(Object.keys(single)).toEqual(['tx', 'stx_sent', 'stx_received', 'stx_transfers']);
    expect(at(single, ['tx'])).toMatchObject({ sponsored: true, sponsor_address: expect.any(String) });
  });
});

describe('the spec rejects a real response that is wrong in one place', () => {
  const cases: {
    what: string;
    fixture: RealResponse;
    overrides?: Overrides;
    where: string;
    mentions?: string;
  }[] = [
    {
      what: 'an amount sent as a number',
      fixture: mutated('get_single_transaction_with_transfers', (b) => {
        b.stx_sent = 1500000;
      }),
      where: 'body',
      mentions: '/stx_sent must be string',
    },
    {
      what: 'a required field dropped',
      fixture: mutated('get_block', (b) => {
        delete b.hash;
      }),
      where: 'body',
      mentions: "must have required property 'hash'",
    },
    {
      what: 'tx_type token_transfer with only a contract_call object',
      fixture: mutated('get_account_transactions_with_transfers', (b) => {
        at(b, ['results', 0, 'tx']).tx_type = 'token_transfer';
      }),
      where: 'body',
      mentions: '/results/0/tx',
    },
    {
      what: 'an nft event with an amount but no value',
      fixture: mutated('get_address_transaction_events', (b) => {
        const data = at(b, ['results', 6, 'data']);
        delete data.value;
        data.amount = '1';
      }),
      where: 'body',
      mentions: "/results/6/data must have required property 'value'",
    },
    {
      what: 'an address with a bad checksum',
      fixture: mutated('get_address_transaction_events', (b) => {
        at(b, ['results', 0, 'data']).sender = ALICE_BAD_CHECKSUM;
      }),
      where: 'body',
      mentions: '/results/0/data/sender must match format "stacks-principal"',
    },
    {
      what: 'an undocumented status',
      fixture: realResponse('get_block-404'),
      overrides: { status: 418 },
      where: 'status',
    },
    {
      what: 'a deprecated operation without its Warning header',
      fixture: realResponse('get_account_balance'),
      overrides: { headers: realHeadersWithout('get_account_balance', 'warning') },
      where: 'header Warning',
    },
  ];

  it('the bad-checksum address differs from a valid one only in its checksum', () => {
    expect(isStacksPrincipal(ALICE)).toBe(true);
    expect(isStacksPrincipal(ALICE_BAD_CHECKSUM)).toBe(false);
  });

  it.each(cases.map((c) => [c.what, c] as const))('%s', (_what, { fixture, overrides, where, mentions }) => {
    const problems = check(fixture, overrides);
    expect(problems.map((p) => p.where)).toEqual([where]);
    if (mentions) expect(problems[0]!.actual).toContain(mentions);
  });
});

function realHeadersWithout(operationId: string, header: string): HttpHeaders {
  const headers = { ...realHeaders(operationById(operationId), 200) };
  delete headers[header];
  return headers;
}

/** The section "Seen on real chain data" of real-service-facts.md, each fact as a response built by hand. */
describe('the spec accepts what the real service sends on real chain data', () => {
  const MINTED = { sender: '', recipient: ALICE };
  const BURNED = { sender: ALICE, recipient: '' };
  const TOKEN = 'SP9A4K2D6HADPG3QM8G7Q6THZD11DAZSRENJD426.nugget-token::nugget';
  const NFT_VALUE = { hex: '0x0100000000000000000000000000000539', repr: 'u1337' };

  it('operation 6: a mint has sender "" and a burn recipient "", in all three transfer arrays', () => {
    const fixture = mutated('get_account_transactions_with_transfers', (b) => {
      Object.assign(at(b, ['results', 0]), {
        stx_transfers: [
          { amount: '100', ...MINTED },
          { amount: '50', ...BURNED },
        ],
        ft_transfers: [
          { amount: '7', asset_identifier: TOKEN, ...MINTED },
          { amount: '3', asset_identifier: TOKEN, ...BURNED },
        ],
        nft_transfers: [
          { value: NFT_VALUE, asset_identifier: TOKEN, ...MINTED },
          { value: NFT_VALUE, asset_identifier: TOKEN, ...BURNED },
        ],
      });
    });
    expect(check(fixture)).toEqual([]);
  });

  it('operation 8: a mint has sender "" in stx_transfers', () => {
    const fixture = mutated('get_single_transaction_with_transfers', (b) => {
      b.stx_transfers = [{ amount: '1500000', ...MINTED }];
    });
    expect(check(fixture)).toEqual([]);
  });

  it('a transfer party that is neither a principal nor "" is refused', () => {
    const fixture = mutated('get_single_transaction_with_transfers', (b) => {
      b.stx_transfers = [{ amount: '1', sender: 'nobody', recipient: ALICE }];
    });
    expect(check(fixture)).not.toEqual([]);
  });

  it('a negative fungible-token balance is accepted; a negative total_sent is not', () => {
    const negative = mutated('get_account_balance', (b) => {
      at(b, ['fungible_tokens', TOKEN]).balance = '-18500';
    });
    expect(check(negative)).toEqual([]);
    const negativeTotal = mutated('get_account_balance', (b) => {
      at(b, ['fungible_tokens', TOKEN]).total_sent = '-18500';
    });
    expect(check(negativeTotal)).not.toEqual([]);
  });

  it('parent_burn_block_time 0 with parent_burn_block_time_iso "" is accepted', () => {
    const fixture = mutated('get_single_transaction_with_transfers', (b) => {
      Object.assign(at(b, ['tx']), { parent_burn_block_time: 0, parent_burn_block_time_iso: '' });
    });
    expect(check(fixture)).toEqual([]);
  });

  it('operation 2: an id asked in upper case comes back lowercase and found, and as written with found false', () => {
    const fixture = mutated('get_tx_list_details', (b) => {
      const [lower] = Object.keys(b) as [string];
      const written = `0x${lower.slice(2).toUpperCase()}`;
      b[written] = { found: false, result: { tx_id: written } };
    });
    expect(Object.keys(fixture.body as JsonObject)).toHaveLength(4);
    expect(check(fixture)).toEqual([]);
  });

  it('operation 2: a confirmed result carries vm_error, a string or null', () => {
    const body = realResponse('get_tx_list_details').body as JsonObject;
    const confirmed = Object.values(body)
      .map((e) => at(e, ['result']))
      .find((r) => r.tx_status === 'success');
    expect(confirmed && 'vm_error' in confirmed).toBe(true);
    for (const vmError of [null, 'CheckErrors(UnknownFunction("transfer"))']) {
      const fixture = mutated('get_tx_list_details', (b) => {
        const key = Object.keys(b).find((k) => at(b[k], ['result']).tx_status === 'success')!;
        at(b[key], ['result']).vm_error = vmError;
      });
      expect(check(fixture), String(vmError)).toEqual([]);
    }
  });

  it('operation 2: a key that is not an id as a caller may write it is refused', () => {
    const fixture = mutated('get_tx_list_details', (b) => {
      const [lower] = Object.keys(b) as [string];
      b[lower.slice(2)] = { found: false, result: { tx_id: lower.slice(2) } };
    });
    expect(check(fixture)).not.toEqual([]);
  });

  it('x-replaced-by names routes the real service answers 200 to, none of them deprecated', () => {
    const operations = listOperations();
    const route = operationRouterOf(operations);
    const answered = new Set(fixtures.filter((f) => f.status === 200).map((f) => f.operationId));
    const deprecated = operations.filter((op) => op.deprecated);
    expect(deprecated.filter((op) => op.replacedBy?.routes).length).toBeGreaterThan(0);
    for (const op of deprecated)
      for (const successor of op.replacedBy?.routes ?? []) {
        const [method = '', path = ''] = successor.split(' ');
        const found = route(method, path);
        const named = found && !isWrongMethod(found) ? found.route : undefined;
        expect(named?.path, `${op.operationId}: ${successor}`).toBe(path);
        expect(named?.deprecated, successor).toBe(false);
        expect(answered, successor).toContain(named?.operationId);
      }
  });

  it('accepts the real Warning, whose text names no replacement (x-replaced-by does)', () => {
    const fixture = realResponse('get_single_transaction_with_transfers');
    const warning = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
    expect(
      check(fixture, { headers: { ...realHeaders(operationById(fixture.operationId), 200), warning } }),
    ).toEqual([]);
    expect(operationById(fixture.operationId).replacedBy?.routes).toEqual([
      'GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
    ]);
  });
});
