import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMock } from '../mocks/server.ts';
import { buildBrowserEntry } from './browser-bundle.ts';

/** Debian's Chromium, with the home page test's flags (mocks/ui/home-page.browser.test.ts); nothing downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const found = existsSync(CHROMIUM);
const WORKER = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
const PAGE = fileURLToPath(new URL('./balance-page.ts', import.meta.url));

let site: Server;
let mock: RunningMock;
let browser: Browser;
let profile: string;

describe.skipIf(!found)('stacks-api-mock/msw in Chromium, through MSW’s service worker', () => {
  beforeAll(async () => {
    const script = await buildBrowserEntry(PAGE, true);
    const files: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><title>balance</title><p id="balance">…</p><script type="module" src="/page.js"></script>',
      ],
      '/page.js': ['text/javascript', script],
      '/mockServiceWorker.js': ['text/javascript', readFileSync(WORKER, 'utf8')],
    };
    site = createServer((req, res) => {
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': `${file[0]}; charset=utf-8` }).end(file[1]);
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, seed: 7, blocks: 120 });
    profile = mkdtempSync(join(tmpdir(), 'stacks-msw-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      userDataDir: profile,
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await new Promise((done) => site?.close(done));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('a page fetches a balance from api.hiro.so, the worker answers it as the HTTP mock does, and the page shows it', async () => {
    const page = await browser.newPage();
    const offHost: string[] = [];
    page.on('requestfailed', (r) => offHost.push(r.url()));
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => document.getElementById('balance')?.textContent !== '…', {
      timeout: 30_000,
    });
    const shown = await page.$eval(
      '#balance',
      (el) =>
        ({
          ...(el as HTMLElement).dataset,
          text: el.textContent,
        }) as Record<string, string | undefined>,
    );
    expect(shown.error).toBeUndefined();
    expect(shown.status).toBe('200');
    const http = (await (
      await fetch(`${mock.url}/extended/v1/address/${shown.address}/balances`)
    ).json()) as {
      stx: { balance: string };
    };
    expect(shown.text).toBe(http.stx.balance);
    expect(shown.text).toMatch(/^\d+$/);
    // Answered by the worker: the page's request to api.hiro.so never reached the network.
    expect(offHost).toEqual([]);
  });
});
