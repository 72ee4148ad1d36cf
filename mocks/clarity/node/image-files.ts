// Engine images on disk, so every process of a machine starts an engine of a world from the image
// the first one took, where each process used to boot the session and replay the world once
// (about 8 s of CPU on the default world; a restore costs about 2): the test runs start dozens of
// processes, and `make mock` one each time. An image holds a WebAssembly memory laid out by one
// build of the engine's package and filled by one version of the mock's code, so its file is
// named by both: the package's version and a digest of the mock's code files as they are on disk
// (the sources, or the package's dist/), whichever runs. Anything that does not read back whole
// is no image: the caller boots and replays, as with none.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ContractId, ContractInterface } from '../engine.ts';
import type { EngineImage, ImageWritten, MemoryInFile } from '../engine-wire.ts';
import { CLARITY_PACKAGE } from '../unavailable.ts';

/**
 * Where the images go: a folder, or `off`. Unset: `node_modules/.cache/stacks-api-mock/engine-images/`
 * of the working directory, when it has a node_modules (a user's project, this repository).
 */
export const IMAGE_DIR_ENV = 'MOCK_ENGINE_IMAGES';

/**
 * Images kept on disk, the most recently used: each is as large as the engine's memory (about
 * 85 MB, whatever the world's size), and a whole test run starts a dozen worlds' engines, beside
 * the two booted sessions' (with and without costs, clarity/load.ts).
 */
export const KEPT_IMAGES = 14;
/** This file's layout: a stored image of another layout is never read. */
const LAYOUT = 3;
/** The mock's code: the sources' folders, or dist/'s (the bins' bundles in bin/ and chunks/). */
const CODE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE_FOLDERS = ['mocks', 'spec', 'bin', 'chunks'];
const CODE_FILE = /\.(ts|js|cjs|mjs)$/;
const NOT_CODE = /\.(test\.ts|d\.ts)$/;

/** An image as stored, with what the caller keeps beside it (its world's replay record). */
export interface StoredImage {
  readonly image: EngineImage;
  readonly beside: unknown;
}

function imageDir(): string | undefined {
  const chosen = process.env[IMAGE_DIR_ENV];
  if (chosen !== undefined) return chosen === '' || chosen === 'off' ? undefined : chosen;
  const modules = join(process.cwd(), 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'stacks-api-mock', 'engine-images') : undefined;
}

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(path);
      return CODE_FILE.test(entry.name) && !NOT_CODE.test(entry.name) ? [path] : [];
    });
}

/** The engine package's version, as Node resolves it from here; undefined when it is not installed. */
function engineVersion(): string | undefined {
  const paths = createRequire(import.meta.url).resolve.paths(CLARITY_PACKAGE) ?? [];
  for (const dir of paths) {
    const manifest = join(dir, CLARITY_PACKAGE, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  return undefined;
}

let made: string | undefined;
/** What made an image: the layout, the engine's package and the mock's code (read once a process: about 20 ms). */
function maker(): string | undefined {
  if (made !== undefined) return made || undefined;
  const version = engineVersion();
  // Without the engine there is no image to name: the code files are not read (the installed
  // package's are megabytes, read by a warming mock 300 ms after it listens).
  if (!version) {
    made = '';
    return undefined;
  }
  const hash = createHash('sha256').update(`${LAYOUT} ${CLARITY_PACKAGE}@${version}`);
  for (const file of CODE_FOLDERS.flatMap((folder) => codeFiles(join(CODE_ROOT, folder))))
    hash.update(relative(CODE_ROOT, file)).update(readFileSync(file));
  made = hash.digest('hex');
  return made;
}

function fileOf(dir: string, key: string, by: string): string {
  return join(dir, `${createHash('sha256').update(by).update(key).digest('hex').slice(0, 32)}.image`);
}

interface Header {
  readonly by: string;
  readonly key: string;
  readonly image: Omit<EngineImage, 'session'> & { session: Omit<EngineImage['session'], 'memory'> };
  readonly memoryBytes: number;
  readonly beside: unknown;
}

/**
 * The image stored for `key` by this engine and this code, its memory left in the file (the
 * engine's thread reads it, `readMemoryInto`); undefined when there is none, or it is not whole.
 */
export async function readImageFile(key: string): Promise<StoredImage | undefined> {
  try {
    const dir = imageDir();
    const by = dir && maker();
    if (!dir || !by) return undefined;
    const file = fileOf(dir, key, by);
    const fd = openSync(file, 'r');
    let found: ReturnType<typeof headerOf>;
    try {
      found = headerOf(fd);
    } finally {
      closeSync(fd);
    }
    if (!found) return undefined;
    const header = deserialize(found.bytes) as Header;
    if (header.by !== by || header.key !== key || header.memoryBytes !== found.at) return undefined;
    const now = new Date();
    await utimes(file, now, now);
    return imageIn(file, header, found.bytes);
  } catch {
    return undefined;
  }
}

/**
 * The header that ends the file `fd` (the memory comes first, as the engine's thread writes it,
 * then the header, then its length in 4 bytes), and where it starts, which is the memory's size;
 * undefined when the file cannot hold the header its last 4 bytes announce.
 */
function headerOf(fd: number): { bytes: Buffer; at: number } | undefined {
  const { size } = fstatSync(fd);
  if (size < 4) return undefined;
  const length = Buffer.alloc(4);
  readSync(fd, length, 0, 4, size - 4);
  const at = size - 4 - length.readUInt32LE(0);
  if (at < 0) return undefined;
  const bytes = Buffer.alloc(size - 4 - at);
  readSync(fd, bytes, 0, bytes.length, at);
  return { bytes, at };
}

/** The image `header` (read as `headerBytes`) describes, its memory at the start of `file`. */
function imageIn(file: string, header: Header, headerBytes: Uint8Array): StoredImage {
  const memory: MemoryInFile = { file, byteLength: header.memoryBytes, header: digestOf(headerBytes) };
  return {
    image: { ...header.image, session: { ...header.image.session, memory } },
    beside: header.beside,
  };
}

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The ranges of a memory of `byteLength` bytes outside `unused` (sorted, apart). */
export function usedRanges(
  byteLength: number,
  unused: readonly (readonly [number, number])[] = [],
): [number, number][] {
  const used: [number, number][] = [];
  let from = 0;
  for (const [start, end] of unused) {
    if (start > from) used.push([from, start]);
    from = end;
  }
  if (byteLength > from) used.push([from, byteLength]);
  return used;
}

/**
 * Reads `memory` from its file into `into`, on the engine's thread, but for its `unused` ranges,
 * which `into` holds as zero; throws when the file is no longer the one read (written again, cut
 * short, or pruned since): the engine then starts as with no image.
 */
export function readMemoryInto(
  memory: MemoryInFile,
  into: Uint8Array,
  unused: readonly (readonly [number, number])[] = [],
): void {
  const fd = openSync(memory.file, 'r');
  try {
    const found = headerOf(fd);
    if (found?.at !== memory.byteLength || digestOf(found.bytes) !== memory.header)
      throw new Error(
        `the engine image ${memory.file} is not the one read: written again or cut short since`,
      );
    for (const [from, to] of usedRanges(memory.byteLength, unused))
      for (let done = from; done < to;) {
        const read = readSync(fd, into, done, to - done, done);
        if (read === 0) throw new Error(`the engine image ${memory.file} ends early`);
        done += read;
      }
  } finally {
    closeSync(fd);
  }
}

let asides = 0;
/** A new file name to write aside in `dir`, then rename into place, so a reader never sees half of it. */
function asideIn(dir: string): string {
  return join(dir, `${process.pid}.${Date.now()}.${asides++}.aside`);
}

/** The header and its length, as they end an image's file. */
function headerEnd(by: string, key: string, image: Header['image'], memoryBytes: number, beside: unknown) {
  const header = serialize({ by, key, image, memoryBytes, beside } satisfies Header);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  return { header, length };
}

/**
 * Stores an engine's image for `key`, its memory written into the file by the engine's own thread
 * (`write`, given the file: `HostedEngine.writeImageLater`), where taking it into shared memory
 * first cost a copy of 85 MB (0.37 s of CPU here) that only this process's own next engine of the
 * world would read, rarely; the file is written aside, then renamed into place, and the most
 * recently used few are kept. `write` is called before this function first waits. The image as
 * it now lies in its file, to restore from as `readImageFile`'s; undefined when nothing is stored
 * here, or the file could not be written.
 */
export async function storeImageFile(
  key: string,
  beside: unknown,
  write: (file: string) => Promise<ImageWritten>,
): Promise<StoredImage | undefined> {
  const dir = imageDir();
  const by = dir && maker();
  if (!dir || !by) return undefined;
  const aside = asideIn(dir);
  try {
    mkdirSync(dir, { recursive: true });
    const { session, ...rest } = await write(aside);
    const { byteLength, ...meta } = session;
    const image = { ...rest, session: meta };
    const { header, length } = headerEnd(by, key, image, byteLength, beside);
    await appendFile(aside, Buffer.concat([header, length]));
    const file = fileOf(dir, key, by);
    await rename(aside, file);
    await pruneImages(dir);
    return imageIn(file, { by, key, image, memoryBytes: byteLength, beside }, header);
  } catch {
    await rm(aside, { force: true }).catch(() => undefined);
    return undefined;
  }
}

/** Forgets the image stored for `key`: the engine's package could not take it. */
export async function dropImageFile(key: string): Promise<void> {
  const dir = imageDir();
  const by = dir && maker();
  if (dir && by) await rm(fileOf(dir, key, by), { force: true }).catch(() => undefined);
}

/** The boot contracts' interfaces of `bootAddress`, as this engine's package gave them (boot-copies.ts). */
interface StoredBootInterfaces {
  readonly by: string;
  readonly bootAddress: string;
  readonly interfaces: [ContractId, ContractInterface][];
}

function bootFileOf(dir: string, bootAddress: string, by: string): string {
  return join(
    dir,
    `${createHash('sha256').update(by).update(bootAddress).digest('hex').slice(0, 32)}.boot.json`,
  );
}

/**
 * The boot contracts' interfaces stored for `bootAddress` by this engine and this code, beside the
 * images: an engine of their own costs seconds each process. Undefined when there are none.
 */
export async function readBootInterfacesFile(
  bootAddress: string,
): Promise<[ContractId, ContractInterface][] | undefined> {
  try {
    const dir = imageDir();
    const by = dir && maker();
    if (!dir || !by) return undefined;
    const file = bootFileOf(dir, bootAddress, by);
    const stored = JSON.parse(await readFile(file, 'utf8')) as StoredBootInterfaces;
    if (stored.by !== by || stored.bootAddress !== bootAddress) return undefined;
    const now = new Date();
    await utimes(file, now, now);
    return stored.interfaces;
  } catch {
    return undefined;
  }
}

/** Stores the boot contracts' interfaces of `bootAddress`, as `storeImageFile` stores an image. */
export async function writeBootInterfacesFile(
  bootAddress: string,
  interfaces: [ContractId, ContractInterface][],
): Promise<void> {
  const dir = imageDir();
  const aside = dir && asideIn(dir);
  try {
    const by = maker();
    if (!dir || !aside || !by) return;
    await mkdir(dir, { recursive: true });
    await writeFile(aside, JSON.stringify({ by, bootAddress, interfaces } satisfies StoredBootInterfaces));
    await rename(aside, bootFileOf(dir, bootAddress, by));
    await pruneImages(dir);
  } catch {
    if (aside) await rm(aside, { force: true }).catch(() => undefined);
  }
}

/** A file written aside this long ago was left by a process that stopped while writing it. */
const STALE_ASIDE_MS = 10 * 60_000;

/** The most recently used few of each kind kept (images, boot interfaces); stale asides dropped. */
async function pruneImages(dir: string): Promise<void> {
  // Another process may prune the same folder meanwhile: a file gone is no longer to count.
  const found = await Promise.all(
    (await readdir(dir)).map((name) =>
      stat(join(dir, name)).then(
        ({ mtimeMs }) => ({ name, used: mtimeMs }),
        () => undefined,
      ),
    ),
  );
  const dated = found.filter((entry) => entry !== undefined);
  dated.sort((a, b) => b.used - a.used);
  const kept = (kind: string) => dated.filter(({ name }) => name.endsWith(kind)).slice(KEPT_IMAGES);
  const asides = dated.filter(
    ({ name, used }) => name.endsWith('.aside') && Date.now() - used > STALE_ASIDE_MS,
  );
  for (const { name } of [...kept('.image'), ...kept('.boot.json'), ...asides])
    await rm(join(dir, name), { force: true });
}
