import { describe, expect, it } from 'vitest';
import { findDeviation } from './deviations.ts';
import type { KnownDeviation } from './target-file.ts';

const negativeHeight: KnownDeviation = {
  id: 'negative-height-500',
  operationId: 'get_block',
  where: 'status',
  request: '^/extended/v2/blocks/-',
  expectedStatus: 400,
  actualStatus: 500,
  reason: 'the real service answers 500 to a negative block height',
};
const context = {
  operationId: 'get_block',
  url: '/extended/v2/blocks/-1',
  expectedStatus: 400,
  actualStatus: 500,
};

describe('findDeviation', () => {
  it('matches a problem on every field the deviation names', () => {
    expect(findDeviation([negativeHeight], { where: 'status' }, context)?.id).toBe('negative-height-500');
  });

  it('does not match another operation, request, status or kind of problem', () => {
    expect(
      findDeviation([negativeHeight], { where: 'status' }, { ...context, operationId: 'get_status' }),
    ).toBeUndefined();
    expect(
      findDeviation([negativeHeight], { where: 'status' }, { ...context, url: '/extended/v2/blocks/foo' }),
    ).toBeUndefined();
    expect(
      findDeviation([negativeHeight], { where: 'status' }, { ...context, actualStatus: 404 }),
    ).toBeUndefined();
    expect(findDeviation([negativeHeight], { where: 'body' }, context)).toBeUndefined();
  });

  it('matches `where` as a prefix, so `header` covers every header', () => {
    expect(
      findDeviation([{ ...negativeHeight, where: 'header' }], { where: 'header Warning' }, context),
    ).toBeDefined();
  });

  it('matches every operation when it names none, as a header missing from every 304', () => {
    const etag: KnownDeviation = {
      id: 'etag-304',
      where: 'header etag',
      actualStatus: 304,
      reason: 'no ETag on 304',
    };
    const on304 = { ...context, expectedStatus: 304, actualStatus: 304 };
    expect(findDeviation([etag], { where: 'header ETag' }, { ...on304, operationId: 'get_status' })?.id).toBe(
      'etag-304',
    );
    expect(findDeviation([etag], { where: 'header ETag' }, { ...on304, actualStatus: 200 })).toBeUndefined();
  });

  it('matches a kind of request by the test name when the URL cannot tell it', () => {
    const checksum: KnownDeviation = {
      id: 'no-checksum',
      operationId: 'get_block',
      where: 'status',
      test: 'bad c32check checksum',
      reason: 'the operation does not check the checksum',
    };
    expect(
      findDeviation(
        [checksum],
        { where: 'status' },
        { ...context, testName: 'x > 400 > principal=SP1… (bad c32check checksum)' },
      )?.id,
    ).toBe('no-checksum');
    expect(
      findDeviation([checksum], { where: 'status' }, { ...context, testName: 'x > 400 > limit=51' }),
    ).toBeUndefined();
    expect(findDeviation([checksum], { where: 'status' }, context)).toBeUndefined();
  });
});
