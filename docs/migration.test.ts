import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type Mock, type components } from '../api/index.ts';
import { docSample } from '../testing/doc-sample.ts';

// docs/migration.md shows this file's example (between the `sample` markers) and a test below
// keeps the two the same. In your project, import startMock from 'stacks-api-mock'. The sample calls
// fetch, as an app does, not the tests' own HTTP client (the package does not export it).
// sample:start
type Schemas = components['schemas'];

let mock: Mock;
beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true }); // answers as release 9.0.2
});
afterAll(() => mock.close());

async function json<T>(path: string): Promise<T> {
  return (await (await fetch(`${mock.url}${path}`)).json()) as T;
}

/** Every page of a v3 list: offsets became cursors, follow `cursor.next`. */
async function allPages<T>(path: string): Promise<T[]> {
  type Page = { cursor: Schemas['PageCursors']; results: T[] };
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: Page = await json<Page>(`${path}?limit=200${query}`);
    rows.push(...page.results);
    cursor = page.cursor.next;
  } while (cursor !== null);
  return rows;
}

it('reads a balance from the v3 successors of operation 7, with the same numbers', async () => {
  const principal = mock.world.addresses.nft_activity; // holds locked STX, tokens and NFTs

  // Before: one deprecated call (it answers with a Warning).
  const old = await fetch(`${mock.url}/extended/v1/address/${principal}/balances`);
  expect(old.headers.get('warning')).toMatch(/^299 /);
  const balances = (await old.json()) as Schemas['AddressBalances'];

  // After: the STX balance, the fungible tokens and the NFT instances, each from its own route.
  const v3 = `/extended/v3/principals/${principal}`;
  const stx = await json<Schemas['PrincipalStxBalance']>(`${v3}/balances/stx`);
  const ft = await allPages<Schemas['PrincipalFtPosition']>(`${v3}/balances/ft`);
  const nft = await allPages<Schemas['PrincipalNftPosition']>(`${v3}/balances/nft`);

  expect(stx.balance).toBe(balances.stx.balance);
  expect(stx.locked?.amount ?? '0').toBe(balances.stx.locked);
  // v3 lists the positive token balances only.
  const positive = Object.entries(balances.fungible_tokens).filter(([, t]) => BigInt(t.balance) > 0n);
  expect(Object.fromEntries(ft.map((t) => [t.asset_identifier, t.balance]))).toEqual(
    Object.fromEntries(positive.map(([asset, t]) => [asset, t.balance])),
  );
  // An NFT count becomes one row per instance owned.
  expect(nft.length).toBeGreaterThan(0);
  for (const [asset, { count }] of Object.entries(balances.non_fungible_tokens))
    expect(nft.filter((n) => n.asset_identifier === asset).length).toBe(Number(count));
});
// sample:end

it('is the example docs/migration.md shows', () => {
  const doc = readFileSync(new URL('./migration.md', import.meta.url), 'utf8');
  expect(doc).toContain(docSample(new URL('./migration.test.ts', import.meta.url)));
});
