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
});
