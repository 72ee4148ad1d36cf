import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { constants, Script } from 'node:vm';

/** The build sets this variable to 1 in the one run of the mock's bin that writes its code cache. */
export const CODE_CACHE_WRITE = 'STACKS_API_MOCK_WRITE_CODE_CACHE';

/** Where the build writes the code cache of a CommonJS bundle: beside it. */
export function codeCacheOf(bundle: string): string {
  return `${bundle}.cache`;
}

/**
 * What the bin must know before it compiles the bundle, written by the build beside its cache: the
 * V8 that wrote that cache (no other takes it, and a rejected cache costs a compile for nothing),
 * and the bundle's digest, which names the cache another V8 writes for itself (V8 checks only a
 * source's length, so a cache of another bundle of the same length would be taken).
 */
export interface CodeCacheLabel {
  v8: string;
  bundle: string;
}

export function codeCacheLabelOf(bundle: string): string {
  return `${codeCacheOf(bundle)}.json`;
}

/** The build's label, or undefined when there is none (then no cache is read or written). */
export function readCodeCacheLabel(bundle: string): CodeCacheLabel | undefined {
  try {
    return JSON.parse(readFileSync(codeCacheLabelOf(bundle), 'utf8')) as CodeCacheLabel;
  } catch {
    return undefined;
  }
}

/**
 * A CommonJS bundle the build wrote as the function Node's loader would wrap it in
 * (scripts/bundle.ts), compiled as read, with V8's code cache when given one
 * (`cachedDataRejected` then says whether V8 took it). The cache matches only this exact text.
 */
export function compileBundle(
  bundle: string,
  cachedData: Buffer | undefined,
  source: string = readFileSync(bundle, 'latin1'),
): Script {
  return new Script(
    // The build writes a bundle of ASCII only (scripts/write-code-cache.ts), read as such: one
    // byte a character, copied, not decoded; and compiled as that string, not one built around it.
    source,
    // import() inside the bundle (the optional Clarity engine, loaded by name) goes to Node's own
    // loader, as in a file Node loaded itself; without it, it throws.
    { filename: bundle, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER },
  );
}

/**
 * Reads a bundle's text, then its code cache's bytes, through one buffer: at start, each page of
 * memory a process touches first costs it a page fault, and a bundle and its cache each read
 * through a buffer of their own came to 410 of them for the text (827 KB: its buffer and its
 * string) and 180 for the cache, 8 and 3 ms of CPU on this machine. The text is a copy, so the
 * cache's bytes may then take the buffer's place; they are only read while the bundle compiles.
 */
export function oneBufferReader(): { text(file: string): string; bytes(file: string): Buffer } {
  let buffer: Buffer | undefined;
  const bytes = (file: string): Buffer => {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (!buffer || buffer.length < size) buffer = Buffer.allocUnsafeSlow(size);
      let filled = 0;
      for (let read = -1; filled < size && read !== 0; filled += read)
        read = readSync(fd, buffer, filled, size - filled, filled);
      return buffer.subarray(0, filled);
    } finally {
      closeSync(fd);
    }
  };
  return { text: (file) => bytes(file).toString('latin1'), bytes };
}
