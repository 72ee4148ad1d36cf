// The clarinet-sdk session is a WebAssembly instance: everything the session holds (boot
// contracts, every block mined, every contract's state) lives in the instance's linear memory, and
// the few JavaScript values it refers to sit in its externref table. A copy of that memory, laid
// into a new instance of the same module, is the same session: a replay of hundreds of blocks
// (seconds of CPU) becomes a copy of a few dozen megabytes. The SDK offers no such copy, so this
// file takes the instance the package's glue makes (it calls `new WebAssembly.Instance` once, as
// its module loads, on this thread only) and reads and writes its memory. Whatever does not add up
// (a package whose glue made no instance, an image smaller than a new session's memory, a session
// that answers another tip once restored) is refused with an error, and the caller boots and
// replays instead.
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { SessionImage } from '../engine-wire.ts';
import { readMemoryInto, usedRanges } from './image-files.ts';

const PAGE = 65_536;

interface GlueExports {
  memory: WebAssembly.Memory;
  __wbindgen_externrefs: WebAssembly.Table;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(pointer: number, size: number, align: number): void;
}

let instance: GlueExports | undefined;
/** The compiled module that instance was made from. */
let compiled: WebAssembly.Module | undefined;

/** The engine package's compiled module, once its instance is made (`watchForSession`). */
export function sessionModule(): WebAssembly.Module | undefined {
  return compiled;
}

/**
 * Notes the first WebAssembly instance made on this thread from now on: the engine's package,
 * imported next, makes its one instance as it loads. Until `keepNewSession`, the finalization
 * registries made here (the package's glue makes one per class as it loads) forget what an
 * earlier session registered: see `renewSession`.
 */
export function watchForSession(): void {
  const Original = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(Original, {
    construct(target, args: [WebAssembly.Module, WebAssembly.Imports?]) {
      const made = Reflect.construct(target, args) as WebAssembly.Instance;
      const exports = made.exports as Partial<GlueExports>;
      if (!instance && exports.memory instanceof WebAssembly.Memory && exports.__wbindgen_externrefs) {
        instance = exports as GlueExports;
        compiled = args[0];
      }
      return made;
    },
  });
  globalThis.FinalizationRegistry = SessionRegistry as FinalizationRegistryConstructor;
}

/** The session a thread's instance holds: the first one made in it, or one made new since. */
let generation = 0;
const OriginalRegistry = FinalizationRegistry;

/**
 * A finalization registry whose cleanups run only for what the session in place registered. The
 * glue frees an object's struct in the instance's memory once JavaScript forgets the object; an
 * object of an earlier session, collected after `renewSession`, would free memory of the new one.
 */
class SessionRegistry<T> {
  readonly [Symbol.toStringTag] = 'FinalizationRegistry';
  private readonly inner: FinalizationRegistry<{ generation: number; held: T }>;

  constructor(cleanup: (held: T) => void) {
    this.inner = new OriginalRegistry((entry) => {
      if (entry.generation === generation) cleanup(entry.held);
    });
  }

  register(target: WeakKey, held: T, token?: WeakKey): void {
    this.inner.register(target, { generation, held }, token);
  }

  unregister(token: WeakKey): boolean {
    return this.inner.unregister(token);
  }
}

/** The instance as a new session left it, before it ran anything: what `renewSession` lays back. */
interface NewSession {
  memory: Uint8Array;
  table: unknown[];
  pointer: number;
}
let newSession: NewSession | undefined;
/** The memory's ranges that are zero and that the session in place never uses (`SessionImage.unused`). */
let unused: (readonly [number, number])[] = [];

/**
 * Keeps the instance as it stands with `session` just made (the SDK's constructor, nothing run in
 * it yet): a few megabytes of memory and the externref table's values. The package's glue has
 * made its registries by now.
 */
export function keepNewSession(session: { __wbg_ptr: number }): void {
  globalThis.FinalizationRegistry = OriginalRegistry;
  const { memory, __wbindgen_externrefs: table } = glue();
  newSession = {
    memory: new Uint8Array(memory.buffer).slice(),
    table: Array.from({ length: table.length }, (_, i): unknown => table.get(i)),
    pointer: session.__wbg_ptr,
  };
}

/**
 * Makes `session`, which an engine ran before, a new session again, in the thread's own instance:
 * its memory and table laid back as `keepNewSession` found them (the memory cannot shrink: past
 * the new session's size it is zeroed, and the session's allocator, which asks the instance for
 * memory and takes what it gives, never uses it), and what the earlier session's objects would
 * free on being collected left unfreed. Booting or restoring it then runs as in a new thread,
 * without the package's load or the memory's first touch (0.6 to 0.8 s of CPU an engine).
 */
export function renewSession(session: { __wbg_ptr: number }): void {
  if (!newSession) throw new Error('renewSession: no session was kept on this thread');
  const { memory, __wbindgen_externrefs: table } = glue();
  generation++;
  const into = new Uint8Array(memory.buffer);
  into.set(newSession.memory);
  into.fill(0, newSession.memory.byteLength);
  for (let i = 0; i < table.length; i++) table.set(i, newSession.table[i]);
  session.__wbg_ptr = newSession.pointer;
  unused =
    into.byteLength > newSession.memory.byteLength ? [[newSession.memory.byteLength, into.byteLength]] : [];
  // Headroom is given once the memory grew past this. Given at once, an eighth of a memory that
  // is now mostly the zeroed part would be laid past it: each renewal would add an eighth.
  roomUpTo = memory.buffer.byteLength;
}

/** The memory this thread's instance holds now, in 64 KiB pages. */
export function sessionPages(): number {
  return glue().memory.buffer.byteLength / PAGE;
}

function glue(): GlueExports {
  if (!instance) throw new Error('the engine package made no WebAssembly instance this thread could see');
  return instance;
}

/** What a new session's instance lacks of `session`'s, but its memory. */
function beyondMemory(session: { __wbg_ptr: number }): Omit<SessionImage, 'memory'> {
  const { __wbindgen_externrefs: table } = glue();
  const primitives: [number, string | number | boolean | bigint][] = [];
  for (let i = 0; i < table.length; i++) {
    const value: unknown = table.get(i);
    if (['string', 'number', 'boolean', 'bigint'].includes(typeof value))
      primitives.push([i, value as string | number | boolean | bigint]);
  }
  return { tableLength: table.length, primitives, pointer: session.__wbg_ptr };
}

/** The session's memory now, `session` being the SDK object whose struct it holds. */
export function takeImage(session: { __wbg_ptr: number }): SessionImage {
  const { memory } = glue();
  // Shared, so the image crosses to the thread that takes it (workerData, a port) without a copy:
  // cloning 85 MB of ArrayBuffer cost a second of CPU each way.
  const shared = new SharedArrayBuffer(memory.buffer.byteLength);
  new Uint8Array(shared).set(new Uint8Array(memory.buffer));
  return { memory: shared, ...beyondMemory(session) };
}

/**
 * Writes the session's memory to `file` (made anew), straight from the instance, but for its
 * unused ranges (holes in the file): the rest of its image, and the memory's size.
 */
export function writeImage(
  session: { __wbg_ptr: number },
  file: string,
): Omit<SessionImage, 'memory'> & { byteLength: number } {
  const bytes = new Uint8Array(glue().memory.buffer);
  const fd = openSync(file, 'w');
  try {
    for (const [from, to] of usedRanges(bytes.byteLength, unused))
      for (let done = from; done < to;) done += writeSync(fd, bytes, done, to - done, done);
    ftruncateSync(fd, bytes.byteLength);
  } finally {
    closeSync(fd);
  }
  return { ...beyondMemory(session), byteLength: bytes.byteLength, unused: [...unused] };
}

/**
 * Lays `image` into this thread's instance, whose session `session` (made by the SDK's constructor
 * with the same options, nothing run in it yet, or renewed) then is the imaged one: the memory
 * grows to the image's size where it is smaller and takes its bytes, the table its length and
 * primitive values.
 */
export function restoreImage(session: { __wbg_ptr: number }, image: SessionImage): void {
  const { memory, __wbindgen_externrefs: table } = glue();
  const bytes = image.memory.byteLength;
  const fresh = newSession?.memory.byteLength ?? memory.buffer.byteLength;
  if (fresh > bytes)
    throw new Error('the session image is smaller than a new session: another version of the engine made it');
  // Left as they are, its unused ranges must be zero here: past the new session's memory, the
  // rest of a new thread's grown memory and a renewed one's zeroed.
  const imageUnused = image.unused ?? [];
  if (
    imageUnused.some(
      ([from, to], i) => from < Math.max(fresh, imageUnused[i - 1]?.[1] ?? 0) || to > bytes || to <= from,
    )
  )
    throw new Error(
      'the session image leaves out memory a new session holds: another version of the engine made it',
    );
  if (memory.buffer.byteLength < bytes) memory.grow((bytes - memory.buffer.byteLength) / PAGE);
  const into = new Uint8Array(memory.buffer);
  if (image.memory instanceof SharedArrayBuffer) into.set(new Uint8Array(image.memory));
  else readMemoryInto(image.memory, into, imageUnused);
  unused = [...imageUnused, ...(into.byteLength > bytes ? [[bytes, into.byteLength] as const] : [])];
  if (table.length < image.tableLength) table.grow(image.tableLength - table.length);
  for (const [i, value] of image.primitives) table.set(i, value);
  session.__wbg_ptr = image.pointer;
}

/** The least headroom given to the session's allocator at a time, and its share of the memory. */
const HEADROOM_MIN = 8 * 1024 * 1024;
const HEADROOM_SHARE = 1 / 8;
/** The memory's size when headroom was last given: a memory grown past it has used it up. */
let roomUpTo = 0;

/**
 * Gives the session's allocator headroom once its memory grew. Each `memory.grow` makes V8 count
 * the whole memory as new external memory and run a full GC of this thread's heap (concurrent
 * marking on the process's GC threads beside it), and the allocator grows the memory by what an
 * allocation lacks, 64 KiB at a time: hostile calls writing 15,000 map entries each grew a memory
 * of 80 MB by 20 MB in 50 broadcasts, 36 full GCs. A block allocated and freed at once grows it
 * once, by an eighth, and stays in the allocator's free space (it never gives memory back), so the
 * allocations after it take no growth until it is used up. An image taken later holds it too.
 */
export function keepHeadroom(): void {
  const { memory, __wbindgen_malloc: malloc, __wbindgen_free: free } = glue();
  const size = memory.buffer.byteLength;
  if (size <= roomUpTo) return;
  const room = Math.ceil(Math.max(HEADROOM_MIN, size * HEADROOM_SHARE) / PAGE) * PAGE;
  free(malloc(room, 1), room, 1);
  roomUpTo = memory.buffer.byteLength;
}
