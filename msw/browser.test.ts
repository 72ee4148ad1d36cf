import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import { startMockServer, type ServerDoor } from '../mocks/server.ts';
import type { Mock } from '../mocks/mock-handle.ts';
import { chromiumMissing, openMswPage, type MswPage } from '../testing/browser/chromium.ts';
import { skipBecause } from '../testing/skip-note.ts';

const PAGE = fileURLToPath(new URL('../testing/browser/balance-page.ts', import.meta.url));

let page: MswPage;
let mock: Mock<ServerDoor>;

describe.skipIf(skipBecause(chromiumMissing()))(
  'stacks-api-mock/msw in Chromium, through MSW’s service worker',
  () => {
    beforeAll(async () => {
      page = await openMswPage(PAGE, 'balance');
      mock = await startMockServer({ port: 0, quiet: true, rateLimit: 0, seed: 7, blocks: 120 });
    }, 120_000);

    afterAll(async () => {
      await page?.close();
      await mock?.close();
    });

    it('a page fetches a balance from api.mainnet.hiro.so, the worker answers it as the HTTP mock does, and the page shows it', async () => {
      const { shown, offHost } = await page.show(30_000);
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
  },
);
