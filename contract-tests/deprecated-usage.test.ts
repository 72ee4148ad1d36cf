import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseContractCli, type ContractCli } from './cli-args.ts';
import { deprecatedUses, readTraffic, reportDeprecatedCommand } from './deprecated-usage.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('report-deprecated-');
const P = 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07';
const TX = `0x${'ab'.repeat(32)}`;

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A HAR as browsers' developer tools save it: whole URLs, any method. */
const har = file(
  'app.har',
  JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        `https://api.example.org/extended/v1/address/${P}/balances`,
        `https://api.example.org/extended/v1/address/${P}/balances?until_block=10`,
        `https://api.example.org/extended/v1/tx/${TX}`,
        'https://api.example.org/extended',
        `https://api.example.org/extended/v3/principals/${P}/balances/stx`,
        'https://api.example.org/extended/v9/nothing',
      ].map((url) => ({ request: { method: 'GET', url, headers: [] }, response: { status: 200 } })),
    },
  }),
);

/** The validation proxy's report: one finding a line; two findings of one exchange count once. */
const proxyReport = file(
  'proxy.jsonl',
  [
    {
      time: '2026-11-27T05:00:00.000Z',
      path: `/extended/v1/address/${P}/${TX}/with_transfers`,
      where: 'body',
    },
    {
      time: '2026-11-27T05:00:00.000Z',
      path: `/extended/v1/address/${P}/${TX}/with_transfers`,
      where: 'header',
    },
    {
      time: '2026-11-27T05:00:01.000Z',
      path: `/extended/v1/address/${P}/${TX}/with_transfers`,
      where: 'body',
    },
  ]
    .map((f) =>
      JSON.stringify({
        operationId: 'x',
        method: 'GET',
        status: 200,
        expected: '',
        actual: '',
        severity: 'violation',
        ...f,
      }),
    )
    .join('\n'),
);

describe('--report-deprecated: the deprecated operations an app called, from its recorded traffic', () => {
  it('counts each deprecated operation of 9.0.2 with the successor routes the spec names', () => {
    expect(deprecatedUses(readTraffic(har).calls, '9.0.2')).toEqual([
      {
        operationId: 'get_account_balance',
        route: 'GET /extended/v1/address/{principal}/balances',
        calls: 2,
        successors: [
          'GET /extended/v3/principals/{principal}/balances/stx',
          'GET /extended/v3/principals/{principal}/balances/ft',
          'GET /extended/v3/principals/{principal}/balances/nft',
        ],
      },
      {
        operationId: 'get_transaction_by_id',
        route: 'GET /extended/v1/tx/{tx_id}',
        calls: 1,
        successors: ['GET /extended/v3/transactions/{tx_id}'],
      },
    ]);
  });

  it('as 8.11.6: its own deprecations and the successors it named (the v2 routes)', () => {
    const uses = deprecatedUses(readTraffic(har).calls, '8.11.6');
    expect(uses.map((u) => [u.operationId, u.calls])).toEqual([['get_account_balance', 2]]);
    expect(uses[0]?.successors).toEqual([
      'GET /extended/v2/addresses/{principal}/balances/stx',
      'GET /extended/v2/addresses/{principal}/balances/ft',
    ]);
  });

  it("reads the validation proxy's report, one call per exchange, and says what it cannot see", () => {
    const { code, text } = reportDeprecatedCommand({ CONTRACT_REPORT_DEPRECATED: proxyReport });
    expect(code).toBe(0);
    expect(text).toContain('validation proxy report, 2 requests');
    expect(text).toContain(
      'get_single_transaction_with_transfers (GET /extended/v1/address/{principal}/{tx_id}/with_transfers): 2 calls',
    );
    expect(text).toContain(
      'successor: GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
    );
    expect(text).toContain('conforming calls are not in it');
  });

  it('prints the report for a HAR through the flags and their variables', () => {
    const settings = parseContractCli(['--report-deprecated', 'app.har', '--release', '8.11.6'], {}, dir);
    expect(settings).toMatchObject({ env: { CONTRACT_REPORT_DEPRECATED: har, CONTRACT_RELEASE: '8.11.6' } });
    const { code, text } = reportDeprecatedCommand((settings as ContractCli).env);
    expect(code).toBe(0);
    expect(text.split('\n').slice(0, 4)).toEqual([
      `${har} (HAR, 6 requests), as release 8.11.6:`,
      '  1 deprecated operation called, 2 calls:',
      '  get_account_balance (GET /extended/v1/address/{principal}/balances): 2 calls',
      '    successor: GET /extended/v2/addresses/{principal}/balances/stx',
    ]);
    const none = file('none.har', JSON.stringify({ log: { entries: [] } }));
    expect(reportDeprecatedCommand({ CONTRACT_REPORT_DEPRECATED: none }).text).toContain(
      'no deprecated operation called',
    );
  });

  it.each([
    ['a missing file', join(dir, 'absent.har'), 'cannot read', 'no such file'],
    [
      'JSON that is not a HAR',
      file('other.json', '{"entries": []}'),
      'not a HAR recording (no log.entries)',
      '',
    ],
    [
      'text that is neither',
      file('notes.txt', 'GET /extended\n'),
      'line 1 is neither a HAR recording nor a validation proxy report line',
      '',
    ],
    ['an empty file', file('empty.jsonl', '\n'), 'is empty', ''],
  ])('%s gets one line naming the problem, exit code 2', (_what, path, says, also) => {
    const { code, text } = reportDeprecatedCommand({ CONTRACT_REPORT_DEPRECATED: path });
    expect(code).toBe(2);
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain(says);
    expect(text).toContain(also);
  });

  it('an unknown release is refused in one line', () => {
    expect(reportDeprecatedCommand({ CONTRACT_REPORT_DEPRECATED: har, CONTRACT_RELEASE: '7.0.0' })).toEqual({
      code: 2,
      text: '--release: API version must be one of 9.0.2, 8.11.6, not "7.0.0"',
    });
  });

  it(
    'the command runs without a target and exits 2 with the one line on a bad file',
    { timeout: 60_000 },
    async () => {
      const root = new URL('..', import.meta.url).pathname;
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/stacks-api-contract.ts', ...args], {
          cwd: root,
        });
      const ok = await run('--report-deprecated', har);
      expect(ok.stdout).toContain('get_transaction_by_id (GET /extended/v1/tx/{tx_id}): 1 call');
      const bad = await run('--report-deprecated', join(dir, 'absent.har')).catch(
        (err: { code: number; stderr: string }) => err,
      );
      expect([
        (bad as { code: number }).code,
        (bad as { stderr: string }).stderr.trim().split('\n').length,
      ]).toEqual([2, 1]);
    },
  );
});
