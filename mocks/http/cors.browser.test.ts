import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { chromiumMissing, openChromium, type Chromium } from '../../testing/browser/chromium.ts';
import { skipBecause } from '../../testing/skip-note.ts';

let mock: Mock<ServerDoor>;
let site: Server;
let siteUrl: string;
let chromium: Chromium;

/** What the page's script saw of one cross-origin call: its status and the headers it could read, or the error. */
interface Seen {
  status?: number;
  apiVersion?: string | null;
  etag?: string | null;
  error?: string;
}

/** Runs `fetch(url, init)` in a page of the other origin, as a browser app's code would. */
async function fetchFromSite(url: string, init: RequestInit): Promise<Seen> {
  const page = await chromium.context.newPage();
  try {
    await page.goto(siteUrl);
    return await page.evaluate(
      async (target, options) => {
        try {
          const res = await fetch(target, options);
          return {
            status: res.status,
            apiVersion: res.headers.get('x-api-version'),
            etag: res.headers.get('etag'),
          };
        } catch (err) {
          return { error: String(err) };
        }
      },
      url,
      init as Record<string, unknown>,
    );
  } finally {
    await page.close();
  }
}

describe.skipIf(skipBecause(chromiumMissing()))(
  'CORS, in Chromium: a page on another origin calls the mock',
  () => {
    beforeAll(async () => {
      mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, blocks: 60 });
      // The app's own site, on another port and host name: another origin than the mock's.
      site = createServer(
        (_req, res) =>
          void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>app</title>'),
      );
      await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
      siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
      chromium = await openChromium();
    }, 60_000);

    afterAll(async () => {
      await chromium?.close();
      await new Promise((done) => site?.close(done));
      await mock?.close();
    });

    it('with the explorer’s own headers (x-hiro-product, x-hiro-version): the preflight allows them and the answer reads, X-API-Version exposed', async () => {
      const seen = await fetchFromSite(`${mock.url}/extended/v2/blocks/latest`, {
        headers: { 'x-hiro-product': 'explorer', 'x-hiro-version': '1.2.3' },
      });
      expect(seen).toEqual({ status: 200, apiVersion: 'v9.0.2 (master:1164d9ee)', etag: null });
    });

    it('a wallet’s broadcast (POST with a binary body): the preflight allows POST, and the refusal reads', async () => {
      const seen = await fetchFromSite(`${mock.url}/v2/transactions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', 'x-hiro-product': 'wallet' },
        body: '00',
      });
      expect(seen.error).toBeUndefined();
      expect(seen.status).toBe(400);
    });
  },
);
