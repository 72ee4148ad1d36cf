import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, readFileSync, renameSync, statSync, unlink, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Script } from 'node:vm';
import { LISTENING_CHANNEL } from '../mocks/listening-channel.ts';
import type { CodeCacheLabel } from './code-cache.ts';

/**
 * The code cache a Node other than the build's writes of the bundle for itself, on this machine:
 * V8 takes no cache another V8 wrote, and Node's own compile cache holds only what V8 compiled
 * eagerly, a small part of what a start runs. It sits where Node keeps its own
 * (NODE_COMPILE_CACHE, else the OS's temporary directory), in a folder of this user's, and is
 * off when Node's is (NODE_DISABLE_COMPILE_CACHE).
 */
export interface MachineCodeCache {
  file: string;
  /** Its bytes, when an earlier start wrote it. */
  data: Buffer | undefined;
}

function cacheDir(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const name = uid === undefined ? 'stacks-api-mock-code-cache' : `stacks-api-mock-code-cache-${uid}`;
  return join(process.env.NODE_COMPILE_CACHE || tmpdir(), name);
}

/** Whether the folder is this user's: a cache is code run as is, so none planted by another user. */
function ours(dir: string): boolean {
  try {
    return process.getuid === undefined || statSync(dir).uid === process.getuid();
  } catch {
    return false;
  }
}

/** This V8's cache of the labelled bundle, read if there is one; undefined when caching is off. */
export function machineCodeCache(label: CodeCacheLabel): MachineCodeCache | undefined {
  const dir = cacheDir();
  if (!dir) return undefined;
  const file = join(dir, `${label.bundle}-${process.versions.v8}-${process.arch}.cache`);
  let data: Buffer | undefined;
  try {
    if (ours(dir)) data = readFileSync(file);
  } catch {
    data = undefined;
  }
  return { file, data };
}

/**
 * Writes the script's code cache when the mock starts listening (mocks/listening-channel.ts), so
 * that a start ended right after its first answer leaves it too: this start's first answer waits
 * for it (a few tens of ms, once per Node and package version), every later start is the
 * quicker. Written under another name and then renamed, so a start that reads it meanwhile never
 * takes half a file.
 */
export function writeWhenListening(script: Script, file: string): void {
  const write = (): void => {
    unsubscribe(LISTENING_CHANNEL, write);
    const partial = `${file}.${process.pid}`;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      if (!ours(dirname(file))) return;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, file);
    } catch {
      // A read-only or full disk: the next start compiles the bundle, as this one did.
      unlink(partial, () => {});
    }
  };
  subscribe(LISTENING_CHANNEL, write);
}
