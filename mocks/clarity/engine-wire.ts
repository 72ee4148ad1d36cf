// What crosses between the mock's thread and the engine's (node/engine-bridge.ts, node/engine-worker.ts):
// structured-clone messages, and errors as plain records revived as the classes they were, so a
// caller's `instanceof EngineRefusal` and `ClarityUnavailable`, their messages, `tooExpensive`
// and `reason` hold as if the engine ran on its thread.
import {
  EngineRefusal,
  type ClarityEngine,
  type ContractId,
  type ContractInterface,
  type ContractSource,
} from './engine.ts';
import { ClarityUnavailable } from './unavailable.ts';

/** What the engine's thread is started with. */
export interface Start {
  /** The package to import (`@stacks/clarinet-sdk`; the tests name a missing one). */
  from: string;
  trackCosts: boolean;
  /** The thread gives the CPU to the process's others when they want it (`runEnginesInBackground`). */
  background: boolean;
}

/**
 * What the engine's thread is told once its package is imported: the mock's thread looks for a
 * stored image meanwhile, so the two overlap.
 */
export interface Go {
  /** The engine to start as: an image another engine's thread took (`HostedEngine.imageLater`), instead of a new session. */
  restore?: EngineImage;
}

/**
 * An image's memory left in the file it was stored in (node/image-files.ts): the engine's thread
 * reads it straight into its own instance's memory, one copy of 85 MB where reading it into shared
 * memory first, then laying that into the instance, took two.
 */
export interface MemoryInFile {
  /** The file, which starts with the memory (its header follows). */
  readonly file: string;
  readonly byteLength: number;
  /** The header's digest when the file was read: a file written again since then is not read. */
  readonly header: string;
}

/** A session's memory (node/session-memory.ts), and what its externref table holds that a new session's does not. */
export interface SessionImage {
  /**
   * The instance's linear memory, whole: as an engine's thread took it, shared by every engine
   * restored from it (none writes it), or as it lies in its file on disk.
   */
  readonly memory: SharedArrayBuffer | MemoryInFile;
  /** The externref table's length: the JavaScript values the session refers to are below it. */
  readonly tableLength: number;
  /**
   * The table's primitive values by index: the strings the session interned (the field names of
   * what it answers, made on first use). Its objects (the file reader it was made with) a new
   * session's constructor puts at the same places.
   */
  readonly primitives: readonly (readonly [number, string | number | boolean | bigint])[];
  /** The address of the SDK's own struct in that memory (the JavaScript object's `__wbg_ptr`). */
  readonly pointer: number;
  /**
   * Ranges of the memory (from, to) that are zero and that the session never uses: past what a
   * renewed session held (node/session-memory.ts). Its file leaves them out, and its restore
   * leaves them as a new memory has them.
   */
  readonly unused?: readonly (readonly [number, number])[];
}

/** An engine as it stood: its session's memory, what the facade keeps beside it, and its tip then. */
export interface EngineImage {
  readonly session: SessionImage;
  /** The contracts deployed so far, as `source()` answers them. */
  readonly published: readonly (readonly [ContractId, ContractSource])[];
  readonly tip: Tip;
}

/**
 * An engine's image whose memory its thread wrote to a file (`HostedEngine.writeImageLater`): all
 * but the memory, and its size.
 */
export interface ImageWritten extends Omit<EngineImage, 'session'> {
  readonly session: Omit<SessionImage, 'memory'> & { readonly byteLength: number };
}

/** The facade's methods, called across. */
export type EngineMethod = Exclude<keyof ClarityEngine, 'tip' | 'bootAddress' | 'chainId'>;

export interface EngineCall {
  method: EngineMethod;
  args: readonly unknown[];
}

/**
 * A SIP-018 structured-data signature (stacks.js `signStructuredData`), its message and domain
 * as Clarity hex, to be made with `privateKey` on the engine's thread for the mock's, where a
 * process's first use of the curve (a signature, a public key) holds the thread for about 100 ms
 * (the curve's table, built in one piece).
 */
export interface SignRequest {
  messageHex: string;
  domainHex: string;
  privateKey: string;
}

/** A `SignRequest`'s signature (hex), and the public key of its private key (hex, compressed). */
export interface Signed {
  signature: string;
  publicKey: string;
}

/**
 * Calls of the facade run one after another in one crossing, up to the first that throws: a
 * replay's blocks cross a run at a time, where each call crossing alone left the engine's thread
 * waiting for the mock's between calls (hundreds of times on the default world).
 */
export interface BatchCall {
  method: 'batch';
  args: readonly [readonly EngineCall[]];
}

/** What crosses to the engine's thread: a call of the facade, a batch of them, signatures to make, an image, the boot contracts' interfaces. */
export type ThreadCall =
  | EngineCall
  | BatchCall
  | { method: 'sign'; args: readonly [readonly SignRequest[]] }
  | { method: 'image'; args: readonly [] }
  | { method: 'writeImage'; args: readonly [string] }
  | { method: 'bootInterfaces'; args: readonly [string] };

export type Tip = ClarityEngine['tip'];

/** An error as it crosses. */
export type CrossedError =
  | { kind: 'refusal'; message: string }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'error'; message: string };

export type Reply = { ok: true; value: unknown; tip: Tip } | { ok: false; error: CrossedError; tip: Tip };

/** A call's answer in a batch: what it answered or threw, with the engine's tip after it. */
export type BatchAnswer = { ok: true; value: unknown; tip: Tip } | { ok: false; error: Error; tip: Tip };

/** The engine's thread once its session started, or why it could not. */
export type Started =
  | {
      ok: true;
      bootAddress: string;
      chainId: number;
      tip: Tip;
      /** The engine's thread's id in the system, where it has one to read (node/thread-clock.ts). */
      thread?: number;
      /**
       * The engine package's compiled WebAssembly module, shared (not copied) with the mock's
       * thread, which keeps it: node/engine-bridge.ts says why.
       */
      module?: WebAssembly.Module;
    }
  | { ok: false; error: CrossedError };

export function crossed(error: unknown): CrossedError {
  if (error instanceof EngineRefusal) return { kind: 'refusal', message: error.message };
  if (error instanceof ClarityUnavailable) return { kind: 'unavailable', reason: error.reason };
  return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
}

export function revived(error: CrossedError): Error {
  switch (error.kind) {
    case 'refusal':
      return new EngineRefusal(error.message);
    case 'unavailable':
      return new ClarityUnavailable(error.reason);
    case 'error':
      return new Error(error.message);
  }
}

/** An engine on its thread, which can be lost and is ended when no longer needed. */
export interface HostedEngine extends ClarityEngine {
  /**
   * Its thread is gone: ended by `close()`, or stopped because a call ran past
   * `CALL_BUDGET_MS` (node/engine-crossing.ts). Every call then throws; whoever held it starts another.
   */
  readonly lost: boolean;
  /** Its thread's id in this process (`worker_threads`' `threadId`). */
  readonly thread: number;
  /**
   * Ends it. Its thread, and the memory its session held, end with it, or, when it answered
   * nothing at the time, wait a while for the next engine the process starts (node/engine-bridge.ts).
   */
  close(): Promise<void>;
  /**
   * Runs `call` while the caller's thread goes on, and answers what it answered (or rejects with
   * what it threw, `EngineTimeout` past `CALL_BUDGET_MS`). Such calls run one after another; a
   * synchronous call made while one runs waits for it first, then runs.
   */
  callLater(call: EngineCall): Promise<unknown>;
  /** Runs `calls` in one crossing, as `callLater`: each one's answer, up to the first that threw. */
  batchLater(calls: readonly EngineCall[]): Promise<BatchAnswer[]>;
  /** Makes `requests`' signatures, in order, while the caller's thread goes on, as `callLater`. */
  signLater(requests: readonly SignRequest[]): Promise<Signed[]>;
  /** The engine as it stands, for `Start.restore`, taken while the caller's thread goes on. */
  imageLater(): Promise<EngineImage>;
  /**
   * The engine as it stands, its memory written to the start of `file` by its thread (for
   * node/image-files.ts' `storeImageFile`), while the caller's thread goes on.
   */
  writeImageLater(file: string): Promise<ImageWritten>;
  /**
   * The interfaces of the boot contracts `bootAddress` holds, by their ids, from copies deployed
   * in their own epochs (clarity/boot-interfaces.ts), as `callLater`. It moves the session
   * through the epochs and leaves the copies: only for an engine started for it alone.
   */
  bootInterfacesLater(bootAddress: string): Promise<[ContractId, ContractInterface][]>;
}
