import { readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { engineImages, writeImageFile } from '../../../testing/worlds/engine-images.ts';
import type { EngineImage, MemoryInFile } from '../engine-wire.ts';
import type { ContractInterface } from '../engine.ts';
import {
  dropImageFile,
  IMAGE_DIR_ENV,
  KEPT_IMAGES,
  readBootInterfacesFile,
  readImageFile,
  readMemoryInto,
  storeImageFile,
  writeBootInterfacesFile,
} from './image-files.ts';

// Engine images on disk: what is written reads back whole, under its key only; anything that does
// not read back whole is no image; the folder keeps the few most recently used.
const images = engineImages('fresh');
let dir: string;
beforeAll(() => {
  dir = images.dir as string;
});

function imageOf(fill: number, bytes = 3 * 65_536): EngineImage {
  const memory = new SharedArrayBuffer(bytes);
  new Uint8Array(memory).fill(fill).set([1, 2, 3], bytes - 3);
  return {
    session: {
      memory,
      tableLength: 140,
      primitives: [
        [130, 'result'],
        [131, 7n],
      ],
      pointer: 4_096,
    },
    published: [
      ['SP000000000000000000002Q6VF78.pox-4', { source: '(define-read-only (f) 1)', publishHeight: 3 }],
    ],
    tip: { height: 600, burnHeight: 1_200 },
  } as unknown as EngineImage;
}

/** The memory of an image read from disk, read as the engine's thread reads it. */
function memoryOf(image: EngineImage | undefined): Uint8Array {
  const memory = image?.session.memory as MemoryInFile;
  const into = new Uint8Array(memory.byteLength);
  readMemoryInto(memory, into);
  return into;
}

function files(): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.image'));
}

describe('engine images on disk', () => {
  it('reads back what was written, memory byte for byte and what the caller keeps beside it', async () => {
    const image = imageOf(9);
    await writeImageFile('world-a', { image, beside: { replayed: { height: 600, heights: [1, 2n] } } });
    const read = await readImageFile('world-a');
    expect(read?.beside).toEqual({ replayed: { height: 600, heights: [1, 2n] } });
    expect(memoryOf(read?.image)).toEqual(new Uint8Array(image.session.memory as SharedArrayBuffer));
    const { memory: _read, ...readSession } = read?.image.session ?? {};
    const { memory: _written, ...writtenSession } = image.session;
    expect(readSession).toEqual(writtenSession);
    expect(read?.image.published).toEqual(image.published);
    expect(read?.image.tip).toEqual(image.tip);
  });

  it('stores an image whose memory the engine’s thread wrote into the file, and gives it as read back', async () => {
    const image = imageOf(8);
    const memory = new Uint8Array(image.session.memory as SharedArrayBuffer);
    const { memory: _shared, ...session } = image.session;
    const written: string[] = [];
    const stored = await storeImageFile('world-w', 'w', async (file) => {
      written.push(file);
      writeFileSync(file, memory);
      return { ...image, session: { ...session, byteLength: memory.byteLength } };
    });
    expect(written).toHaveLength(1);
    expect(stored?.beside).toBe('w');
    expect(memoryOf(stored?.image)).toEqual(memory);
    const read = await readImageFile('world-w');
    expect(read?.image).toEqual(stored?.image);
    expect(memoryOf(read?.image)).toEqual(memory);
  });

  it('finds nothing under another key, and nothing once dropped', async () => {
    await writeImageFile('world-b', { image: imageOf(1), beside: 'b' });
    expect(await readImageFile('world-c')).toBeUndefined();
    expect((await readImageFile('world-b'))?.beside).toBe('b');
    await dropImageFile('world-b');
    expect(await readImageFile('world-b')).toBeUndefined();
  });

  it('takes a cut-short or garbled file for no image', async () => {
    await writeImageFile('world-d', { image: imageOf(4), beside: 'd' });
    const [file] = readdirSync(dir)
      .map((name) => join(dir, name))
      .filter((path) => readFileSync(path).includes(Buffer.from('world-d')));
    expect(file).toBeDefined();
    truncateSync(file as string, 65_536);
    expect(await readImageFile('world-d')).toBeUndefined();
    writeFileSync(file as string, 'not an image');
    expect(await readImageFile('world-d')).toBeUndefined();
  });

  it('an image read is refused by the engine’s thread once its file is cut short, written again, or gone', async () => {
    await writeImageFile('world-e', { image: imageOf(5), beside: 'e' });
    const read = (await readImageFile('world-e'))?.image;
    const { file } = read?.session.memory as MemoryInFile;
    expect(memoryOf(read)[0]).toBe(5);
    truncateSync(file, 2 * 65_536);
    expect(() => memoryOf(read)).toThrow(/is not the one read: written again or cut short since/);
    await writeImageFile('world-e', { image: imageOf(6), beside: 'e, again' });
    expect(memoryOf((await readImageFile('world-e'))?.image)[0]).toBe(6);
    expect(() => memoryOf(read)).toThrow(/is not the one read: written again or cut short since/);
    await dropImageFile('world-e');
    expect(() => memoryOf(read)).toThrow(/ENOENT/);
  });

  it(`keeps the ${KEPT_IMAGES} most recently used`, async () => {
    for (const name of files()) rmSync(join(dir, name));
    for (let i = 0; i < KEPT_IMAGES; i++)
      await writeImageFile(`kept-${i}`, { image: imageOf(i, 65_536), beside: i });
    // The first one used again: one of the others is now the least recently used.
    const past = new Date(Date.now() - 60_000);
    for (const name of files()) utimesSync(join(dir, name), past, past);
    expect((await readImageFile('kept-0'))?.beside).toBe(0);
    await writeImageFile('one-more', { image: imageOf(99, 65_536), beside: 'more' });
    expect(files()).toHaveLength(KEPT_IMAGES);
    expect(await readImageFile('kept-0')).toBeDefined();
    expect(await readImageFile('one-more')).toBeDefined();
    const others = await Promise.all(
      Array.from({ length: KEPT_IMAGES - 1 }, (_, i) => readImageFile(`kept-${i + 1}`)),
    );
    expect(others.filter((read) => read === undefined)).toHaveLength(1);
  });

  it("the boot contracts' interfaces read back under their boot address only, and are kept beside the images", async () => {
    const pox4 = {
      functions: [],
      epoch: 'Epoch25',
      clarity_version: 'Clarity2',
    } as unknown as ContractInterface;
    await writeBootInterfacesFile('SP000000000000000000002Q6VF78', [
      ['SP000000000000000000002Q6VF78.pox-4', pox4],
    ]);
    for (let i = 0; i <= KEPT_IMAGES; i++)
      await writeImageFile(`more-${i}`, { image: imageOf(i, 65_536), beside: i });
    expect(await readBootInterfacesFile('SP000000000000000000002Q6VF78')).toEqual([
      ['SP000000000000000000002Q6VF78.pox-4', pox4],
    ]);
    expect(await readBootInterfacesFile('ST000000000000000000002AMW42H')).toBeUndefined();
  });

  it('writes and reads nothing when turned off', async () => {
    process.env[IMAGE_DIR_ENV] = 'off';
    try {
      await writeImageFile('world-off', { image: imageOf(2), beside: 'off' });
      expect(await readImageFile('world-off')).toBeUndefined();
      const asked = vi.fn();
      expect(await storeImageFile('world-off', 'off', asked)).toBeUndefined();
      expect(asked).not.toHaveBeenCalled();
    } finally {
      process.env[IMAGE_DIR_ENV] = dir;
    }
    expect(await readImageFile('world-off')).toBeUndefined();
  });
});
