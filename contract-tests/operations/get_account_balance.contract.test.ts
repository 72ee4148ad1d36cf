import { describe, test } from 'vitest';
import { badRequestTests } from '../cases/bad-request-tests.ts';
import { worldViewOf } from '../cases/world-view.ts';
import { parameterExamples } from '../../spec/valid-requests/valid-requests.ts';
import { expectNotModified, need, requireWorld, UNKNOWN_BLOCK_HASH } from '../cases/common.ts';
import { expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { contractTarget } from '../target.ts';

const target = await contractTarget();
const data = await target.data();
const addresses = data.addresses;
const block = data.blocks[0];
function call(p: string, query: Record<string, string> = {}) {
  return target.client.call('get_account_balance', { path: { principal: p }, query });
}

interface Balances {
  stx?: Record<string, unknown>;
  fungible_tokens?: Record<string, unknown>;
  non_fungible_tokens?: Record<string, unknown>;
  token_offering_locked?: unknown;
}
function balances(ex: Exchange): Balances {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Balances) : {};
}

/** What each notable address must show, as the spec's descriptions say it. */
const SHOWS: Array<{
  role: keyof typeof addresses;
  what: string;
  check: (b: Balances) => string | undefined;
}> = [
  {
    role: 'ft_activity',
    what: 'a non-empty fungible_tokens',
    check: (b) => (Object.keys(b.fungible_tokens ?? {}).length ? undefined : 'fungible_tokens is empty'),
  },
  {
    role: 'nft_activity',
    what: 'a non-empty non_fungible_tokens',
    check: (b) =>
      Object.keys(b.non_fungible_tokens ?? {}).length ? undefined : 'non_fungible_tokens is empty',
  },
  {
    role: 'locked_stx',
    what: 'locked > 0 with its lock_tx_id',
    check: (b) =>
      BigInt(String(b.stx?.locked ?? '0')) > 0n && b.stx?.lock_tx_id !== ''
        ? undefined
        : `locked=${String(b.stx?.locked)}, lock_tx_id="${String(b.stx?.lock_tx_id)}"`,
  },
  {
    role: 'vesting',
    what: 'a token_offering_locked schedule',
    check: (b) => (b.token_offering_locked ? undefined : 'no token_offering_locked'),
  },
];

describe('get_account_balance', () => {
  describe('200 OK', () => {
    for (const role of [
      'stx_activity',
      'ft_activity',
      'nft_activity',
      'contract_principal',
      'locked_stx',
      'vesting',
    ] as const) {
      test(`the ${role} address`, async (ctx) => {
        const p = need(ctx, addresses[role], `${role} address`, `addresses.${role}`);
        expectResponse(target, await call(p), { status: 200, because: 'a valid principal' });
      });
    }

    test('until_block=<a known hash>', async (ctx) => {
      const p = need(ctx, addresses.stx_activity, 'stx address', 'addresses.stx_activity');
      const b = need(ctx, block, 'block', 'blocks');
      expectResponse(target, await call(p, { until_block: b.hash }), {
        status: 200,
        because: 'until_block may be a known block hash',
      });
    });

    test('unanchored=true', async (ctx) => {
      const p = need(ctx, addresses.stx_activity, 'stx address', 'addresses.stx_activity');
      expectResponse(target, await call(p, { unanchored: 'true' }), {
        status: 200,
        because: 'unanchored is a boolean',
      });
    });
  });

  describe('200 OK, what the balances say', () => {
    for (const { role, what, check } of SHOWS) {
      test(`the ${role} address shows ${what}`, async (ctx) => {
        requireWorld(ctx, target);
        const p = need(ctx, addresses[role] as string | undefined, `${role} address`, `addresses.${role}`);
        const ex = await call(p);
        const problem = check(balances(ex));
        const findings: Problem[] = problem
          ? [
              {
                where: 'body',
                expected: `${what} (the target file lists ${p} as its ${role} address)`,
                actual: problem,
              },
            ]
          : [];
        expectResponse(target, ex, { status: 200, because: 'a valid principal' }, findings);
      });
    }

    test('with until_block there are no pending (mempool) balances', async (ctx) => {
      requireWorld(ctx, target);
      const p = need(ctx, addresses.stx_activity, 'stx address', 'addresses.stx_activity');
      const b = need(ctx, block, 'block', 'blocks');
      const ex = await call(p, { until_block: b.hash });
      const present = ['estimated_balance', 'pending_balance_inbound', 'pending_balance_outbound'].filter(
        (f) => balances(ex).stx?.[f] !== undefined,
      );
      const findings: Problem[] = present.length
        ? [
            {
              where: 'body stx',
              expected: 'no estimated_balance or pending_balance_* (present only without until_block)',
              actual: present.join(', '),
            },
          ]
        : [];
      expectResponse(target, ex, { status: 200, because: 'until_block may be a known block hash' }, findings);
    });
  });

  describe('304 Not Modified', () => {
    test('If-None-Match with the current ETag', async (ctx) => {
      const p = need(ctx, addresses.stx_activity, 'stx address', 'addresses.stx_activity');
      await expectNotModified(target, 'get_account_balance', { path: { principal: p } });
    });
  });

  badRequestTests(
    target,
    'get_account_balance',
    addresses.stx_activity ? { path: { principal: addresses.stx_activity }, query: {} } : undefined,
    parameterExamples(worldViewOf(data)),
    'stx address (`addresses.stx_activity`)',
  );

  describe('404 Not Found', () => {
    test('until_block=<an unknown hash>', async (ctx) => {
      requireWorld(ctx, target);
      const p = need(ctx, addresses.stx_activity, 'stx address', 'addresses.stx_activity');
      expectResponse(target, await call(p, { until_block: UNKNOWN_BLOCK_HASH }), {
        status: 404,
        because: 'an unknown until_block hash gives 404',
      });
    });
  });
});
