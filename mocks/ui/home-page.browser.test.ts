import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import { listOperations } from '../../spec/load.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { chromiumMissing, openChromium, type Chromium } from '../../testing/browser/chromium.ts';
import { skipBecause } from '../../testing/skip-note.ts';
import type { WorldCatalogue } from '../query/catalogue.ts';
import { stx } from './client/format.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENSHOT = fileURLToPath(new URL('../../docs/home-page.png', import.meta.url));

let mock: Mock<ServerDoor>;
let client: HttpClient;
let chromium: Chromium;

/** A page that records what a person would not want: console errors, failures, and requests off the host. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await chromium.context.newPage();
  await page.setViewport({ width: 1280, height: 860 });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (err) =>
    problems.push(`page error: ${err instanceof Error ? err.message : String(err)}`),
  );
  page.on('requestfailed', (r) =>
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${mock.url}/`) && !url.startsWith('data:'))
      problems.push(`request off the host: ${url}`);
  });
  await page.goto(`${mock.url}${path}`, { waitUntil: 'load' });
  return { page, problems };
}

/** The mock's answer to a GET of `path`, or to a POST of `json` when given. */
async function api<T>(path: string, json?: unknown): Promise<T> {
  const res = json === undefined ? await client.get(path) : await client.post(path, json);
  expect(res.status, path).toBe(200);
  return res.body as T;
}

/** axe-core's serious and critical violations, each as `rule: first offending element`. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }> };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`);
}

async function text(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => el.textContent ?? '');
}

describe.skipIf(skipBecause(chromiumMissing()))('the home page, in Chromium', () => {
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, seed: 7, blocks: 200 });
    client = httpClient(mock.url);
    chromium = await openChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await client?.close();
    await mock?.close();
  });

  it('shows the live tip and the latest blocks, with the request behind them, accessibly; the screenshot is docs/home-page.png', async () => {
    const { page, problems } = await open('/');
    await page.waitForSelector('#client-view table tbody tr');
    expect(await page.$('#client-view[aria-busy], #client-view .loading')).toBeNull();
    const status = await api<{ chain_tip: { block_height: number } }>('/extended');
    expect(await text(page, '#tip-height')).toBe(String(status.chain_tip.block_height));
    expect(await page.$$eval('#client-view tbody tr', (rows) => rows.length)).toBe(5);
    const curl = await page.$eval('.request button', (b) => b.getAttribute('data-curl'));
    expect(curl).toBe(`curl -s '${mock.url}/extended'`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: SCREENSHOT });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searching a known address shows the balance the API gives', async () => {
    const world = await api<WorldCatalogue>('/_mock/world');
    const address = world.addresses.stx_activity;
    const { page, problems } = await open('/');
    await page.type('#search-input', address);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#stx-balance');
    const balances = await api<{ stx: { balance: string } }>(`/extended/v1/address/${address}/balances`);
    expect(await text(page, '#stx-balance')).toBe(balances.stx.balance);
    expect(await page.$$eval('.request code', (c) => c.map((e) => e.textContent))).toContain(
      `GET /extended/v1/address/${address}/balances`,
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Accounts lists the notable addresses with the STX the API gives', async () => {
    const world = await api<WorldCatalogue>('/_mock/world');
    const { page, problems } = await open('/#/accounts');
    await page.waitForSelector('#client-view tbody tr');
    const rows = await page.$$eval('#client-view tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(rows.map((r) => r[1])).toEqual(Object.values(world.addresses));
    const busiest = rows.find((r) => r[1] === world.addresses.busiest);
    const balances = await api<{ stx: { balance: string } }>(
      `/extended/v1/address/${world.addresses.busiest}/balances`,
    );
    expect(busiest?.[2]).toBe(stx(balances.stx.balance));
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('"Mine" moves the tip on the page without a reload', async () => {
    const { page, problems } = await open('/#/controls');
    await page.waitForSelector('#mine-form', { visible: true });
    const before = Number(await text(page, '#tip-height'));
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    await page.click('#mine-form button');
    await page.waitForFunction(
      (n) => document.getElementById('tip-height')?.textContent === String(n),
      {},
      before + 1,
    );
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a submitted transfer shows as pending, then as confirmed when the chain mines it', async () => {
    const { page, problems } = await open('/#/controls');
    await page.waitForSelector('#transfer-form', { visible: true });
    await page.click('#transfer-form button');
    await page.waitForFunction(() => location.hash.startsWith('#/tx/0x'));
    await page.waitForFunction(() => document.getElementById('tx-status')?.textContent === 'pending');
    const txId = (await page.evaluate(() => location.hash)).slice('#/tx/'.length);
    await api('/_mock/mine', { blocks: 1 });
    await page.waitForFunction(() => document.getElementById('tx-status')?.textContent === 'success');
    expect(await accessibilityProblems(page)).toEqual([]);
    const listed = await api<Record<string, { result: { tx_status: string } }>>(
      `/extended/v1/tx/multiple?tx_id=${txId}`,
    );
    expect(listed[txId]?.result.tx_status).toBe('success');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the Requests view lists requests as they arrive, cached answers included', async () => {
    const { page, problems } = await open('/#/requests');
    await page.waitForSelector('#client-view table');
    const path = '/extended/v1/tx/mempool/stats';
    await api(path);
    await api(path);
    await page.waitForFunction(
      (p) =>
        [...document.querySelectorAll('#client-view tbody code')].filter((c) => c.textContent === p)
          .length === 2,
      {},
      path,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the reference lists every operation of the spec, and "Try it out" asks this mock', async () => {
    const { page, problems } = await open('/_mock/ui/reference');
    await page.waitForSelector('.opblock');
    const ops = listOperations();
    const shown = await page.$$eval('.opblock', (blocks) => blocks.map((b) => b.id));
    for (const op of ops)
      expect(
        shown.some((id) => id.endsWith(`-${op.operationId}`)),
        op.operationId,
      ).toBe(true);
    // A deprecated operation's path has its own class.
    const paths = await page.$$eval('.opblock-summary-path, .opblock-summary-path__deprecated', (spans) =>
      spans.map((s) => s.getAttribute('data-path')),
    );
    expect(new Set(paths)).toEqual(new Set(ops.map((op) => op.path)));
    expect(await page.$('a[href="/_mock/openapi.yaml"]')).not.toBeNull();

    const status = ops.find((op) => op.path === '/extended');
    await page.click(`[id$="-${status?.operationId}"] .opblock-summary-control`);
    // Try it out is on from the start (tryItOutEnabled): Execute is there.
    await page.waitForSelector('.execute');
    await page.click('.execute');
    await page.waitForSelector('.live-responses-table tbody .response-col_status');
    expect((await text(page, '.live-responses-table tbody .response-col_status')).trim()).toBe('200');
    expect(await text(page, '.request-url pre')).toBe(`${mock.url}/extended`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
