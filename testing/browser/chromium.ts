import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildBrowserEntry } from '../../msw/browser-bundle.ts';

/** Debian's Chromium: the system browser, nothing downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/** No GPU, no sandbox (containers), and none of Chromium's own traffic to the network. */
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

/** Why the browser tests cannot run here (with how to get Chromium); undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `Chromium not found at ${CHROMIUM}, so these browser tests skipped (apt-get install -y chromium)`;
}

export interface Chromium {
  browser: Browser;
  /** Ends the browser and deletes its profile, even when the browser already died. */
  close(): Promise<void>;
}

/** Headless Chromium in a profile of its own, so that runs share no cookies, workers or caches. */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'stacks-mock-chromium-'));
  const removeProfile = (): void => rmSync(profile, { recursive: true, force: true });
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      userDataDir: profile,
    });
  } catch (err) {
    removeProfile();
    throw err;
  }
  return {
    browser,
    close: async () => {
      try {
        await browser.close();
      } finally {
        removeProfile();
      }
    },
  };
}

const WORKER = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');

/** What a page showed in its element once done: its data attributes and its text. */
export type Shown = Record<string, string | undefined>;

/** A page script run in Chromium behind MSW's service worker, as an app's page would be. */
export interface MswPage {
  /**
   * Opens the page in a new tab and waits until its script has replaced the element's `…`: what
   * the element shows, and every request that failed (one that went for the network, which has
   * none to give: the worker should have answered it).
   */
  show(timeoutMs: number): Promise<{ shown: Shown; offHost: string[] }>;
  close(): Promise<void>;
}

/**
 * `script` (a page's TypeScript) bundled for the browser with msw inside, served by a static site
 * on loopback (the page, the script and MSW's worker; nothing else), and Chromium to open it. The
 * page holds one element, `<p id="ID">…</p>`, for the script to fill.
 */
export async function openMswPage(script: string, id: string): Promise<MswPage> {
  const files: Record<string, [string, string]> = {
    '/': [
      'text/html',
      `<!doctype html><title>${id}</title><p id="${id}">…</p><script type="module" src="/page.js"></script>`,
    ],
    '/page.js': ['text/javascript', await buildBrowserEntry(script, true)],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(WORKER, 'utf8')],
  };
  const site = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': `${file[0]}; charset=utf-8` }).end(file[1]);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const closeSite = (): Promise<unknown> => new Promise((done) => site.close(done));
  const chromium = await launchChromium().catch(async (err: unknown) => {
    await closeSite();
    throw err;
  });
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  return {
    async show(timeoutMs) {
      const page = await chromium.browser.newPage();
      const offHost: string[] = [];
      page.on('requestfailed', (r) => offHost.push(r.url()));
      await page.goto(url);
      await page.waitForFunction(
        (el) => document.getElementById(el)?.textContent !== '…',
        { timeout: timeoutMs },
        id,
      );
      const shown = await page.$eval(`#${id}`, (el): Shown => ({
        ...(el as HTMLElement).dataset,
        text: el.textContent ?? '',
      }));
      return { shown, offHost };
    },
    async close() {
      try {
        await chromium.close();
      } finally {
        await closeSite();
      }
    },
  };
}
