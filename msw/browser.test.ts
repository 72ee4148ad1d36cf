import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import { startMockServer, type RunningMock } from '../mocks/server.ts';
import { hasChromium, launchChromium, type Chromium } from '../mocks/testing/chromium.ts';
import { buildBrowserEntry } from './browser-bundle.ts';

const WORKER = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
const PAGE = fileURLToPath(new URL('./balance-page.ts', import.meta.url));

let site: Server;
let mock: RunningMock;
let chromium: Chromium;

describe.skipIf(!hasChromium())('stacks-api-mock/msw in Chromium, through MSW’s service worker', () => {
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
    chromium = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await mock?.close();
    await new Promise((done) => site?.close(done));
  });

  it('a page fetches a balance from api.mainnet.hiro.so, the worker answers it as the HTTP mock does, and the page shows it', async () => {
    const page = await chromium.browser.newPage();
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
    const http = await httpClient(mock.url, { keepAlive: false }).get(
      `/extended/v1/address/${shown.address}/balances`,
    );
    expect(shown.text).toBe(http.body.stx.balance);
    expect(shown.text).toMatch(/^\d+$/);
    // Answered by the worker: the page's request to api.mainnet.hiro.so never reached the network.
    expect(offHost).toEqual([]);
  });
});
