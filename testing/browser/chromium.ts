import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

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

/** Whether the browser tests can run; when not, one line says how to get Chromium. */
export function hasChromium(): boolean {
  const found = existsSync(CHROMIUM);
  if (!found)
    console.log(`browser tests skipped: Chromium not found at ${CHROMIUM} — apt-get install -y chromium`);
  return found;
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
