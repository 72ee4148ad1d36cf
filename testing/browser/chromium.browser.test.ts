import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipBecause } from '../skip-note.ts';
import { chromiumMissing, openChromium } from './chromium.ts';

describe.skipIf(skipBecause(chromiumMissing()))('the worker’s Chromium', () => {
  it('keeps its own temporary files in its profile, which its sweeper removes: the socket folder a killed browser leaves', async () => {
    const chromium = await openChromium();
    try {
      const args = chromium.context.browser().process()?.spawnargs ?? [];
      const profile = args.find((a) => a.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
      expect(profile, args.join(' ')).toBeDefined();
      const socket = readlinkSync(join(profile as string, 'SingletonSocket'));
      expect(socket.startsWith(`${profile}/org.chromium.Chromium.`), socket).toBe(true);
    } finally {
      await chromium.close();
    }
  });
});
