import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealResponses } from '../testing/real-responses/real-responses.ts';
import { HttpResponse } from '../spec/http/response.ts';
import { exchangeOf, type Exchange } from './http/client.ts';
import type { LogRecord, VerdictRecord } from './report/records.ts';
import { renderSummary } from './report/summary.ts';
import { operation } from './spec-context.ts';
import type { ContractTarget } from './target.ts';

/** Just what expectResponse reads of a target: its known deviations and its log. */
function fakeTarget(records: LogRecord[]): ContractTarget {
  return {
    file: { name: 'test', knownDeviations: [] },
    log: { write: (r: LogRecord) => records.push(r) },
  } as unknown as ContractTarget;
}

/** A real get_status answer with one field the spec does not declare. */
function statusWithNovelField(): Exchange {
  const body = {
    ...(loadRealResponses().find((r) => r.operationId === 'get_status')!.body as object),
    novel: 1,
  };
  const headers = [
    'content-type',
    'application/json; charset=utf-8',
    'cache-control',
    'public, no-cache, must-revalidate',
    'etag',
    '"e"',
  ];
  return exchangeOf(new HttpResponse(200, headers, JSON.stringify(body)), {
    id: 1,
    operation: operation('get_status'),
    target: '/extended',
    ms: 1,
  });
}

const expectation = { status: 200, because: 'the status' };

describe('undocumented fields in the contract suite', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('are reported as drift in the verdict and the summary, without failing', async () => {
    const { expectResponse } = await import('./expect.ts');
    const records: LogRecord[] = [];
    expect(() => expectResponse(fakeTarget(records), statusWithNovelField(), expectation)).not.toThrow();
    const verdict = records[0] as VerdictRecord;
    expect(verdict).toMatchObject({ outcome: 'pass', undocumented: ['novel'] });
    expect(renderSummary({ records, tests: [], deviations: [] })).toMatch(
      /Undocumented fields \(drift, not failing; UNDOCUMENTED_FIELDS=fail makes them fail\): 1\n- get_status: novel/,
    );
  });

  it('fail the check under UNDOCUMENTED_FIELDS=fail, naming the field', async () => {
    vi.stubEnv('UNDOCUMENTED_FIELDS', 'fail');
    vi.resetModules();
    const { expectResponse } = await import('./expect.ts');
    expect(() => expectResponse(fakeTarget([]), statusWithNovelField(), expectation)).toThrow(
      /undocumented field novel/,
    );
  });
});
