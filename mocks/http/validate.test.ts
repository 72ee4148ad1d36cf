import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, blocks: 120 });
const get = specCheckedClient(app);
const ADDRESS = 'SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20';
const TX = '0x709b55bd3da0f5a838125bd0ee20c5bfdd7caba173912d4281cae816b79a201b';
function v1(suffix: string) {
  return `/extended/v1/address/${ADDRESS}/transactions_with_transfers${suffix}`;
}

async function expect400(url: string, message: string | RegExp): Promise<void> {
  const res = await get(url);
  expect(res.status, url).toBe(400);
  expect(res.body.statusCode).toBe(400);
  expect(res.body.error).toBe('Bad Request');
  expect(res.body.message).toMatch(message);
}

describe('request validation from the spec', () => {
  it.each([
    ['?limit=51', 'querystring/limit must be <= 50'],
    ['?limit=-1', 'querystring/limit must be >= 0'],
    ['?limit=abc', 'querystring/limit must be integer'],
    ['?limit=1.5', 'querystring/limit must be integer'],
    ['?limit=0x10', 'querystring/limit must be integer'],
    ['?limit=', 'querystring/limit must be integer'],
    ['?offset=-1', 'querystring/offset must be >= 0'],
    ['?unanchored=1', 'querystring/unanchored must be boolean'],
    ['?unanchored=yes', 'querystring/unanchored must be boolean'],
    ['?until_block=0', /querystring\/until_block must match pattern/],
    ['?until_block=0x1234', /querystring\/until_block must match pattern/],
    ['?height=-3', 'querystring/height must be >= 0'],
    ['?limit=1&limit=2', 'querystring/limit must be integer'],
  ])('GET transactions_with_transfers%s → 400 %s', async (query, message) => {
    await expect400(v1(query), message);
  });

  it('marks schema failures with the FST_ERR_VALIDATION code, as the real service does', async () => {
    const res = await get(v1('?limit=51'));
    expect(res.body.code).toBe('FST_ERR_VALIDATION');
  });

  it('rejects a principal of the wrong shape with the pattern message', async () => {
    await expect400('/extended/v1/address/not-an-address/balances', /^params\/principal must match pattern/);
  });

  it('rejects a bad checksum with the real v1 message', async () => {
    const bad = `${ADDRESS.slice(0, -1)}${ADDRESS.endsWith('0') ? '1' : '0'}`;
    await expect400(`/extended/v1/address/${bad}/balances`, `invalid STX address "${bad}"`);
  });

  it('rejects bad tx ids and heights on every route that takes them', async () => {
    await expect400(
      `/extended/v1/address/${ADDRESS}/0x1234/with_transfers`,
      /^params\/tx_id must match pattern/,
    );
    await expect400(
      `/extended/v2/addresses/${ADDRESS}/transactions/zz/events`,
      /^params\/tx_id must match pattern/,
    );
    await expect400('/extended/v2/blocks/foo', /^params\/height_or_hash must match a schema in anyOf/);
    await expect400('/extended/v2/blocks/-1', /^params\/height_or_hash/);
    await expect400('/extended/v2/blocks/0x10', /^params\/height_or_hash/);
    await expect400('/extended/v2/blocks/1e3', /^params\/height_or_hash/);
    await expect400(`/extended/v1/tx/multiple?tx_id=${TX.slice(2)}`, 'Hex string is missing the "0x" prefix');
    await expect400(`/extended/v1/tx/multiple?tx_id=0x12`, /^querystring\/tx_id\/0 must match pattern/);
    await expect400('/extended/v1/tx/multiple', "querystring must have required property 'tx_id'");
    await expect400(
      `/extended/v1/tx/multiple?tx_id=${TX}&event_limit=101`,
      'querystring/event_limit must be <= 100',
    );
  });

  it('answers the spec’s parameter conflicts with 400', async () => {
    await expect400(
      v1('?height=5&until_block=10'),
      "can't handle until_block and block_height in the same request",
    );
    await expect400(
      v1('?unanchored=true&until_block=10'),
      "can't handle both 'unanchored=true' and 'until_block' in the same request",
    );
    await expect400(
      `/extended/v1/address/${ADDRESS}/balances?unanchored=true&until_block=10`,
      "can't handle both 'unanchored=true' and 'until_block' in the same request",
    );
  });

  it('allows until_block with unanchored=false', async () => {
    expect((await get(v1('?unanchored=false&until_block=10'))).status).toBe(200);
  });

  it('treats limit=0 as the default and reports it', async () => {
    const res = await get(v1('?limit=0'));
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(20);
  });

  it('fills in the spec’s defaults', async () => {
    const res = await get(v1(''));
    expect(res.body).toMatchObject({ limit: 20, offset: 0 });
  });

  it('ignores unknown query parameters', async () => {
    expect((await get(v1('?colour=blue&__proto__=x&constructor=y'))).status).toBe(200);
  });

  it('accepts tx ids as a comma list, repeated, or both, and collapses duplicates', async () => {
    const other = `0x${'ab'.repeat(32)}`;
    const repeated = await get(`/extended/v1/tx/multiple?tx_id=${TX}&tx_id=${other}&tx_id=${TX}`);
    const comma = await get(`/extended/v1/tx/multiple?tx_id=${TX},${other}`);
    expect([repeated.status, comma.status]).toEqual([comma.status, repeated.status]);
    if (repeated.status === 200) expect(Object.keys(repeated.body).sort()).toEqual([TX, other].sort());
  });

  it('never lets a malformed percent-escape become a 500', async () => {
    const res = await get('/extended/v2/blocks/%E0%A4%A');
    expect(res.status).toBe(400);
  });
});
