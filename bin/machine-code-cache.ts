import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlink,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Script } from 'node:vm';
import { ANSWERING_CHANNEL } from '../mocks/http/node/answering-channel.ts';
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
  /** The cache written as the first answer was about to leave: what a start and that answer run. */
  file: string;
  /** The cache written when a start began to listen, until one of `file` is. */
  listening: string;
  /** The bytes of `file`, else of `listening`, when an earlier start wrote one. */
  data: Buffer | undefined;
  /** Whether `data` is `file`'s, so nothing is left to write once V8 takes it. */
  answered: boolean;
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

/**
 * A cache's name: the bundle's digest (16 hex digits, scripts/write-code-cache.ts), the V8 that
 * wrote it and the machine's architecture, then `.listening` for one written at listen; a cache
 * being written has the writer's pid after it.
 */
const CACHE_NAME = /^[0-9a-f]{16}-\d[\w.-]*-\w+(\.listening)?\.cache(\.\d+)?$/;

function readOurs(dir: string, file: string, read: (file: string) => Buffer): Buffer | undefined {
  try {
    return ours(dir) ? read(file) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This V8's cache of the labelled bundle, read (by `read`) if there is one; undefined when caching
 * is off.
 */
export function machineCodeCache(
  label: CodeCacheLabel,
  read: (file: string) => Buffer = readFileSync,
): MachineCodeCache | undefined {
  const dir = cacheDir();
  if (!dir) return undefined;
  const stem = join(dir, `${label.bundle}-${process.versions.v8}-${process.arch}`);
  const file = `${stem}.cache`;
  const listening = `${stem}.listening.cache`;
  const answered = readOurs(dir, file, read);
  return {
    file,
    listening,
    data: answered ?? readOurs(dir, listening, read),
    answered: answered !== undefined,
  };
}

/**
 * Removes the caches in `file`'s folder written before it for another bundle: each is of a
 * package version no longer current (a cache is written only where a start found none it could
 * take), which would otherwise stay there forever. The caches of this bundle for other V8s stay:
 * a user switching between Nodes (the benches interleave three) keeps each one's, where pruning
 * them made every switch write its cache again and its first answer pay for it. Never `file`,
 * nor one written after it (a newer package in use beside this one), nor anything not named as
 * ours or owned by another user.
 */
function pruneStale(file: string): void {
  const dir = dirname(file);
  const written = statSync(file).mtimeMs;
  // The bundle's digest, the name's first part.
  const bundle = basename(file).slice(0, 16);
  for (const name of readdirSync(dir)) {
    if (name.startsWith(bundle) || !CACHE_NAME.test(name)) continue;
    const other = join(dir, name);
    try {
      const stat = lstatSync(other);
      const owned = process.getuid === undefined || stat.uid === process.getuid();
      if (stat.isFile() && owned && stat.mtimeMs < written) unlinkSync(other);
    } catch {
      // Gone meanwhile (another start pruned it), or not ours to remove: it stays.
    }
  }
}

/**
 * Writes the script's code cache to `file`: under another name, then renamed, so a start that
 * reads it meanwhile never takes half a file; then the stale caches of other versions go
 * (`pruneStale`), and those `file` supersedes.
 */
function write(script: Script, file: string, supersedes: string[]): void {
  const partial = `${file}.${process.pid}`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (!ours(dirname(file))) return;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
    for (const old of supersedes) rmSync(old, { force: true });
    pruneStale(file);
  } catch {
    // A read-only or full disk: the next start compiles what this one did.
    unlink(partial, () => {});
  }
}

/** Calls `then` on the channel's first message, once. */
function once(name: string, then: () => void): void {
  const first = (): void => {
    unsubscribe(name, first);
    then();
  };
  subscribe(name, first);
}

/**
 * Writes the code caches this start's V8 lacks. V8 puts in a cache the functions compiled so far,
 * and compiles most of them when they first run: a cache written at listen
 * (mocks/listening-channel.ts) leaves every function a first answer runs (the pipeline, the
 * handler, serializing) to be compiled again at every start. So the cache is written as the first
 * answer is about to leave (mocks/http/node/answering-channel.ts): before it, so that a process
 * ended as soon as it has its answer still leaves it. Where this start took no cache at all, one
 * is also written at listen, so that a start ended before any answer leaves one too. Each write
 * costs this start's first answer a few tens of ms, once per Node and package version.
 */
export function writeCodeCaches(script: Script, cache: MachineCodeCache): void {
  const taken = cache.data !== undefined && !script.cachedDataRejected;
  if (taken && cache.answered) return;
  if (!taken) once(LISTENING_CHANNEL, () => write(script, cache.listening, []));
  once(ANSWERING_CHANNEL, () => write(script, cache.file, [cache.listening]));
}
