import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, type Chromium } from '../testing/browser/chromium.ts';
import { buildBrowserEntry } from '../msw/browser-bundle.ts';

const WORKER = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
const PAGE = fileURLToPath(new URL('./wallet-page.ts', import.meta.url));

let site: Server;
let chromium: Chromium;

describe.skipIf(!hasChromium())('the browser walk-through of docs/wallets.md, in Chromium', () => {
  beforeAll(async () => {
    const script = await buildBrowserEntry(PAGE, true);
    const files: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><title>wallet</title><p id="wallet">…</p><script type="module" src="/page.js"></script>',
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
    chromium = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await new Promise((done) => site?.close(done));
  });

  it('signs with stacks.js, broadcasts to the worker, and the next block confirms it; nothing reaches the network', async () => {
    const page = await chromium.browser.newPage();
    const offHost: string[] = [];
    page.on('requestfailed', (r) => offHost.push(r.url()));
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => document.getElementById('wallet')?.textContent !== '…', {
      timeout: 60_000,
    });
    const shown: Record<string, string | undefined> = await page.$eval('#wallet', (el) => ({
      ...(el as HTMLElement).dataset,
      text: el.textContent ?? '',
    }));
    expect(shown.error).toBeUndefined();
    expect(shown.text).toBe(`${shown.txid}: success, next nonce 1`);
    expect(shown.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(offHost).toEqual([]);
  }, 90_000);

  it('is the page docs/wallets.md shows', () => {
    const source = readFileSync(PAGE, 'utf8');
    const sample = /\/\/ sample:start\n([\s\S]*?) {2}\/\/ sample:end/.exec(source)?.[1];
    const doc = readFileSync(new URL('./wallets.md', import.meta.url), 'utf8');
    expect(sample).toBeDefined();
    const unindented = (sample as string).replace(/^ {2}/gm, '');
    expect(doc).toContain(unindented);
  });
});
