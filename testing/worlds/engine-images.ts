import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  IMAGE_DIR_ENV,
  readMemoryInto,
  storeImageFile,
  type StoredImage,
} from '../../mocks/clarity/node/image-files.ts';
import { forgetReplays } from '../../mocks/world/run/replay-images.ts';

/**
 * For the calling test file: its engines keep their images on disk in a folder of its own, empty
 * at first (`fresh`: the first engine of a world replays it, as a test of the replay needs, and
 * the folder is named for the test to look into), or on no disk (`off`); the images an earlier file of
 * the worker kept in memory are dropped. The machine's own folder
 * (mocks/clarity/node/image-files.ts) is back after the file.
 */
export function engineImages(choice: 'fresh' | 'off'): { readonly dir: string | undefined } {
  const before = process.env[IMAGE_DIR_ENV];
  const chosen: { dir: string | undefined } = { dir: undefined };
  beforeAll(() => {
    chosen.dir = choice === 'fresh' ? mkdtempSync(join(tmpdir(), 'engine-images-')) : undefined;
    process.env[IMAGE_DIR_ENV] = chosen.dir ?? 'off';
    forgetReplays();
  });
  afterAll(() => {
    if (before === undefined) delete process.env[IMAGE_DIR_ENV];
    else process.env[IMAGE_DIR_ENV] = before;
    if (chosen.dir) rmSync(chosen.dir, { recursive: true, force: true });
  });
  return chosen;
}

/**
 * Stores `stored` for `key` as an engine's thread stores its own (`storeImageFile`), from an
 * image a test took or altered: its memory from shared memory, or from the file it was read from.
 */
export async function writeImageFile(key: string, stored: StoredImage): Promise<void> {
  const { memory, ...session } = stored.image.session;
  let bytes: Uint8Array;
  if (memory instanceof SharedArrayBuffer) bytes = new Uint8Array(memory);
  else {
    bytes = new Uint8Array(memory.byteLength);
    readMemoryInto(memory, bytes);
  }
  await storeImageFile(key, stored.beside, async (file) => {
    writeFileSync(file, bytes);
    return { ...stored.image, session: { ...session, byteLength: bytes.byteLength } };
  });
}
