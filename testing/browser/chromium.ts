import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { buildBrowserEntry } from '../../msw/browser-bundle.ts';

/** Debian's Chromium: the system browser, nothing downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * No GPU, no sandbox (containers), and none of Chromium's own traffic to the network. Nor the
 * address bar's popup: a page of Chromium's own that each window loads in a renderer of its own,
 * headless too (Chromium 156), for about 1.5 s of CPU. A page opened in a browser context with
 * no other page open opens a window: the home page's tests, which close their pages, took 40 to
 * 46 s of Chromium's CPU in a context of their own against 26 in a browser of their own; 19 to 20
 * in the context with the popup off.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

/** Why the browser tests cannot run here (with how to get Chromium); undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `Chromium not found at ${CHROMIUM}, so these browser tests skipped (apt-get install -y chromium)`;
}

export interface Chromium {
  /** Its own browser context: no cookies, service workers, caches or storage shared with another user. */
  context: BrowserContext;
  /** Closes the context, even when the browser already died; the browser stays for the next user. */
  close(): Promise<void>;
}

/**
 * The worker process's Chromium, launched by its first user: the test files a worker runs (the
 * unit project shares modules, isolate: false) share it, each in a context of its own. A launch
 * (browser, zygotes, GPU process, network service, and their end) took 2.3 to 2.8 s of CPU here.
 */
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (shared) return shared;
  const launching = launchOwnProfile();
  shared = launching;
  // After a crash, or a failed launch, the next user launches again rather than failing.
  const forget = (): void => {
    if (shared === launching) shared = undefined;
  };
  launching.then((browser) => browser.once('disconnected', forget), forget);
  return launching;
}

/** The worker's Chromium in a context of its own, so that its users share no cookies, workers or caches. */
export async function openChromium(): Promise<Chromium> {
  const launching = sharedBrowser();
  let browser = await launching;
  let context: BrowserContext;
  try {
    context = await browser.createBrowserContext();
  } catch (err) {
    if (browser.connected) throw err;
    // It died, and its 'disconnected' had not reached us yet.
    if (shared === launching) shared = undefined;
    browser = await sharedBrowser();
    context = await browser.createBrowserContext();
  }
  return {
    context,
    close: async () => {
      if (!browser.connected) return;
      await context.close().catch((err: unknown) => {
        if (browser.connected) throw err;
      });
    },
  };
}

/**
 * Headless Chromium in a profile of its own, both gone when the browser dies (a crash) or when the
 * worker process ends, however it ends. The worker's own code cannot count on running then: vitest
 * ends a worker with SIGTERM and SIGKILLs it 500 ms later, and on a loaded machine a SIGTERM
 * handler had not finished removing the profile by then (one was left). So a detached shell does
 * it, once the pipe the worker holds to it closes.
 */
async function launchOwnProfile(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'stacks-mock-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      userDataDir: profile,
      // Chromium's own temporary files in the profile, so they go with it: its socket folder
      // (org.chromium.Chromium.*, named by the profile's SingletonSocket link) would otherwise be
      // left in /tmp by a killed browser, two a run.
      env: { ...process.env, TMPDIR: profile },
      // Should the sweeper be gone too, Chromium quits when the worker's end of this pipe closes.
      pipe: true,
      // puppeteer's listeners would keep the worker alive after vitest's SIGTERM (a listener stops
      // Node's own exit) while the browser closes, until vitest's SIGKILL.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  const child = browser.process();
  if (child?.pid !== undefined) {
    // Detached: in a session of its own, the Ctrl-C that ends the worker does not end it.
    const sweeper = spawn('sh', ['-c', SWEEP, 'sweep', String(child.pid), profile], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    // Nor does it keep the worker alive.
    sweeper.unref();
    (sweeper.stdin as unknown as Socket).unref();
    // A browser that died is swept now, while its process group's number is still its own.
    child.once('exit', () => sweeper.stdin?.destroy());
  }
  return browser;
}

/**
 * Waits for its stdin to close, then kills the browser's process group ($1: puppeteer launches it
 * as the group's leader) and removes the profile ($2), again while a dying process may still write.
 */
const SWEEP =
  'cat >/dev/null; kill -9 "-$1" 2>/dev/null; ' +
  'for i in 1 2 3 4 5 6 7 8 9 10; do rm -rf -- "$2" 2>/dev/null && exit 0; sleep 0.1; done';

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
  const chromium = await openChromium().catch(async (err: unknown) => {
    await closeSite();
    throw err;
  });
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  return {
    async show(timeoutMs) {
      const page = await chromium.context.newPage();
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
