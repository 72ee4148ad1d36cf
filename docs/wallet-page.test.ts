import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSample } from '../testing/doc-sample.ts';
import { chromiumMissing, openMswPage, type MswPage } from '../testing/browser/chromium.ts';
import { skipBecause } from '../testing/skip-note.ts';

const PAGE = fileURLToPath(new URL('./wallet-page.ts', import.meta.url));

let page: MswPage;

describe.skipIf(skipBecause(chromiumMissing()))(
  'the browser walk-through of docs/wallets.md, in Chromium',
  () => {
    beforeAll(async () => {
      page = await openMswPage(PAGE, 'wallet');
    }, 120_000);

    afterAll(async () => {
      await page?.close();
    });

    it('signs with stacks.js, broadcasts to the worker, and the next block confirms it; nothing reaches the network', async () => {
      const { shown, offHost } = await page.show(60_000);
      expect(shown.error).toBeUndefined();
      expect(shown.text).toBe(`${shown.txid}: success, next nonce 1`);
      expect(shown.txid).toMatch(/^[0-9a-f]{64}$/);
      expect(offHost).toEqual([]);
    }, 90_000);

    it('is the page docs/wallets.md shows', () => {
      const doc = readFileSync(new URL('./wallets.md', import.meta.url), 'utf8');
      expect(doc).toContain(docSample(PAGE));
    });
  },
);
