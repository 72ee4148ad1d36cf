import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, test, type TestContext } from 'vitest';
import { resolve } from '../../spec/load.ts';
import { operationAsOf } from '../../spec/releases/releases.ts';
import { need, requireWorld } from '../cases/common.ts';
import { fetchPage } from '../cases/pagination.ts';
import { fromEvents, fromTransferItem, ofKind } from '../cases/transfers.ts';
import { validRequestOrSkip } from '../cases/valid-requests.ts';
import { expectConsistent, expectResponse, type Problem } from '../expect.ts';
import type { Exchange } from '../http/client.ts';
import { doc, operation, operationDescription, operations } from '../spec-context.ts';
import { contractTarget } from '../target.ts';
import type { AddressTransaction } from '../targets/target-file.ts';

const target = await contractTarget();
const data = await target.data();

/** The release the service description was written from. */
const DESCRIBED_RELEASE = '8.11.6';

/** The operations the service description marks deprecated (§4.7, §4.8), each with its replacement. */
const DESCRIBED_AS_DEPRECATED = [
  { operationId: 'get_account_balance', replacedBy: undefined },
  { operationId: 'get_single_transaction_with_transfers', replacedBy: 'get_address_transaction_events' },
];

type Header = OpenAPIV3_1.HeaderObject;
type Item = Record<string, unknown> & { tx?: { tx_id?: string; block_height?: number } };
function body(ex: Exchange): Item {
  return typeof ex.body === 'object' && ex.body !== null ? (ex.body as Item) : {};
}

/**
 * The `Warning` the target's release sends on a deprecated operation (its exact text when the
 * release has a profile; `299 …` when not, which the spec's header schema checks where it
 * declares the header), and none on an operation the release does not deprecate.
 */
function warningFindings(ex: Exchange, deprecated: boolean): Problem[] {
  const sent = ex.headers.warning;
  const profile = target.release.profile;
  if (!deprecated)
    return sent === undefined
      ? []
      : [
          {
            where: 'header warning',
            expected: 'none: this release does not deprecate the operation',
            actual: sent,
          },
        ];
  // Where the spec declares it required, its own header check reports it missing.
  const declared = resolve<Header>(doc, ex.operation.responses['200']?.headers?.Warning ?? {}).required;
  if (sent === undefined)
    return declared
      ? []
      : [
          {
            where: 'header warning',
            expected: 'Warning: 299 (the operation is deprecated)',
            actual: 'absent',
          },
        ];
  if (profile && sent !== profile.warning)
    return [
      {
        where: 'header warning',
        expected: `${profile.warning} (release ${profile.version}'s own text)`,
        actual: sent,
      },
    ];
  return /^299 /.test(sent) ? [] : [{ where: 'header warning', expected: '299 …', actual: sent }];
}

async function single(pair: AddressTransaction): Promise<Exchange> {
  const ex = await target.client.call('get_single_transaction_with_transfers', {
    path: { principal: pair.address, tx_id: pair.tx_id },
  });
  expectResponse(target, ex, { status: 200, because: 'the transaction concerns the principal' });
  return ex;
}

/** Operation 8 against the item of operation 6 for the same transaction (found through its block height). */
async function againstListItem(ctx: TestContext, pair: AddressTransaction): Promise<void> {
  const one = await single(pair);
  const item = body(one);
  const height = need(
    ctx,
    item.tx?.block_height,
    'block height of the transaction',
    'the answer did not say, so its block cannot be asked for',
  );
  const listed = await fetchPage(
    target,
    'get_account_transactions_with_transfers',
    { principal: pair.address },
    { height: String(height), limit: '50' },
  );
  const match = (listed.page.results as Item[] | undefined)?.find((i) => i.tx?.tx_id === pair.tx_id);
  const findings: Problem[] = [];
  if (!match)
    findings.push({
      where: 'equality',
      expected: `${pair.tx_id} among the principal's transactions at height ${height}`,
      actual: 'absent',
    });
  // The real service leaves the ft/nft arrays out of the single-transaction answer: compare what it sends.
  for (const key of match ? Object.keys(item) : []) {
    if (!isDeepStrictEqual(item[key], match?.[key])) {
      findings.push({
        where: 'equality',
        expected: `${key} as in the list item`,
        actual: `${JSON.stringify(item[key]).slice(0, 150)} vs ${JSON.stringify(match?.[key]).slice(0, 150)}`,
      });
    }
  }
  expectConsistent(
    target,
    'get_single_transaction_with_transfers',
    'the deprecated single-transaction answer against its list item',
    [one, listed.ex],
    findings,
  );
}

/** Operation 8's transfers against every event operation 5 lists for the same address and transaction. */
async function againstEvents(pair: AddressTransaction): Promise<void> {
  const one = await single(pair);
  const exchanges: Exchange[] = [one];
  const events: unknown[] = [];
  for (let offset = 0; ; offset += 50) {
    const p = await fetchPage(
      target,
      'get_address_transaction_events',
      { address: pair.address, tx_id: pair.tx_id },
      { limit: '50', offset: String(offset) },
    );
    exchanges.push(p.ex);
    events.push(...(p.page.results ?? []));
    if (typeof p.page.total !== 'number' || offset + 50 >= p.page.total) break;
  }
  const replacement = fromEvents(events as Parameters<typeof fromEvents>[0]);
  const { transfers, absent } = fromTransferItem(body(one));
  const findings: Problem[] = [];
  for (const kind of (['stx', 'ft', 'nft'] as const).filter((k) => !absent.includes(k))) {
    const mine = ofKind(transfers, kind);
    const theirs = ofKind(replacement, kind);
    if (!isDeepStrictEqual(mine, theirs)) {
      findings.push({
        where: 'equality',
        expected: `${kind}_transfers (reversed: the spec lists them by event index descending) = the ${kind} events`,
        actual: `${mine.length} transfers [${mine.join(', ').slice(0, 200)}] vs ${theirs.length} events [${theirs.join(', ').slice(0, 200)}]`,
      });
    }
  }
  expectConsistent(
    target,
    'get_single_transaction_with_transfers',
    'the deprecated transfers against the replacement events',
    exchanges,
    findings,
  );
}

describe('deprecated operations', () => {
  describe('the spec marks them', () => {
    for (const { operationId, replacedBy } of DESCRIBED_AS_DEPRECATED) {
      test(`${operationId} is deprecated and names its replacement`, () => {
        // As the release the description was written from, 8.11.6, serves it: later ones name v3 routes.
        const op = operationAsOf(operation(operationId), DESCRIBED_RELEASE);
        expect(op.deprecated, `${operationId} deprecated: true`).toBe(true);
        expect(
          op.replacedBy?.description ?? op.replacedBy?.operationId,
          `${operationId} x-replaced-by`,
        ).toBeTruthy();
        const warning = resolve<Header>(doc, op.responses['200']?.headers?.Warning ?? {});
        expect(warning.required, `${operationId} 200 declares a required Warning header`).toBe(true);
        if (replacedBy) {
          expect(op.replacedBy?.operationId).toBe(replacedBy);
          expect(operationDescription(op)).toContain(replacedBy);
        }
      });
    }
  });

  const release = target.release;
  const named = release.version ? `release ${release.version}` : 'the spec as written';
  for (const newest of operations.filter((o) => o.deprecated)) {
    // As the target's release serves it: v8.11.6 does not deprecate operation 5, v9.0.2 does.
    const op = operation(newest.operationId);
    describe(op.operationId, () => {
      describe('200 OK', () => {
        const request = (ctx: TestContext) => validRequestOrSkip(ctx, op.operationId, data);
        if (op.deprecated)
          test(`still answers, with its Warning: 299 deprecation header (${named})`, async (ctx) => {
            const ex = await target.client.call(op.operationId, request(ctx));
            expectResponse(
              target,
              ex,
              { status: 200, because: `a deprecated operation of ${named} still answers, with Warning: 299` },
              warningFindings(ex, true),
            );
          });
        else
          test(`answers without a Warning: ${named} does not deprecate it`, async (ctx) => {
            const ex = await target.client.call(op.operationId, request(ctx));
            expectResponse(
              target,
              ex,
              { status: 200, because: `${named} serves it undeprecated` },
              warningFindings(ex, false),
            );
          });
      });
    });
  }

  describe('get_single_transaction_with_transfers', () => {
    describe('200 OK', () => {
      if (data.addressTransactions.length === 0) {
        test('agrees with its replacements', (ctx) =>
          ctx.skip(
            "no address transaction: discovery found none in this target's answers; list one in the target file's `addressTransactions`",
          ));
      }
      for (const pair of data.addressTransactions) {
        const label = `${pair.events?.join('+') ?? 'some'} transfers, ${pair.tx_id.slice(0, 10)}…`;

        test(`equals the matching item of get_account_transactions_with_transfers (${label})`, async (ctx) => {
          requireWorld(ctx, target);
          await againstListItem(ctx, pair);
        });

        test(`its transfers are the events of get_address_transaction_events (${label})`, async (ctx) => {
          requireWorld(ctx, target);
          await againstEvents(pair);
        });
      }
    });
  });
});
