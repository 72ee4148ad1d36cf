import { Cl, cvToHex } from '@stacks/transactions';
import { describe, expect, it, vi } from 'vitest';
import { bootKey, readImageFile, startEngine } from './load.ts';
import { engineImages, writeImageFile } from '../../testing/worlds/engine-images.ts';

const DEPLOYER = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const MARKER = `${DEPLOYER}.marker`;

engineImages('fresh');

async function storedBoot() {
  return vi.waitFor(
    async () => {
      const stored = await readImageFile(bootKey(false));
      if (!stored) throw new Error('no boot image yet');
      return stored;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('a new engine starts from the stored image of a booted session', () => {
  it('stores the first boot, starts the next engine from what is stored, and boots again past an image it cannot take', async () => {
    const first = await startEngine();
    const booted = await storedBoot();
    expect(booted.image.tip).toEqual(first.tip);
    // The stored session doctored with a contract no boot deploys: a new engine that holds it read the file.
    first.mineBlock([
      { kind: 'deploy', sender: DEPLOYER, name: 'marker', source: '(define-read-only (hi) u7)' },
    ]);
    await writeImageFile(bootKey(false), { image: await first.imageLater(), beside: null });
    await first.close();
    const restored = await startEngine();
    try {
      expect(restored.callReadOnly(MARKER, 'hi', [], DEPLOYER)).toMatchObject({
        result: cvToHex(Cl.uint(7)),
      });
    } finally {
      await restored.close();
    }
    // An image whose session stands elsewhere than it says: dropped, and the session booted anew.
    const doctored = await readImageFile(bootKey(false));
    if (!doctored) throw new Error('the restored image is gone');
    const { image } = doctored;
    await writeImageFile(bootKey(false), {
      image: { ...image, tip: { ...image.tip, height: image.tip.height + 1 } },
      beside: null,
    });
    const rebooted = await startEngine();
    try {
      expect(rebooted.source(MARKER)).toBeUndefined();
      expect((await storedBoot()).image.tip).toEqual(rebooted.tip);
    } finally {
      await rebooted.close();
    }
  }, 120_000);
});
