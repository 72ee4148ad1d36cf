// The Clarity engine's thread (a worker_threads Worker started by engine-bridge.ts): it imports
// `@stacks/clarinet-sdk`, starts a session, and runs the engine's calls for the mock's thread,
// which meanwhile answers its other requests. Its own entry file, loaded by Node's loader, so the
// engine's package is imported here from the user's node_modules and never bundled (scripts/
// bundle.ts builds this file alone, the package left out).
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { Cl, privateKeyToPublic, signStructuredData } from '@stacks/transactions';
import {
  crossed,
  type EngineCall,
  type EngineImage,
  type Go,
  type ImageWritten,
  type Reply,
  type Signed,
  type SignRequest,
  type Start,
  type Started,
  type ThreadCall,
} from '../engine-wire.ts';
import { bootInterfaces } from '../boot-copies.ts';
import { simnetEngine, type Simnet, type SimnetEngine } from '../simnet-engine.ts';
import { ClarityUnavailable } from '../unavailable.ts';
import {
  keepHeadroom,
  keepNewSession,
  renewSession,
  restoreImage,
  sessionModule,
  sessionPages,
  takeImage,
  watchForSession,
  writeImage,
} from './session-memory.ts';
import { ANSWERED, MEMORY_PAGES, ownThreadId, ownTicks, TAKEN_AT } from './thread-clock.ts';
import type { EngineStart, Next } from './thread-start.ts';
import { yieldToOtherThreads } from './thread-priority.ts';

/** The part of `@stacks/clarinet-sdk`'s module the engine uses. */
interface ClarinetSdk {
  getSDK(options?: { trackCosts?: boolean }): Promise<Simnet>;
  tx: Simnet['txBuilders'];
}

/**
 * Loads the engine's package with a dynamic import of a name held in a variable: neither tsc nor
 * esbuild follows it, so the GPL package is never bundled into dist/ nor needed to build.
 */
async function importSdk(name: string): Promise<ClarinetSdk> {
  try {
    return (await import(/* @vite-ignore */ name)) as ClarinetSdk;
  } catch (error) {
    throw new ClarityUnavailable(firstLine(error));
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/** The SDK object under clarinet-sdk's proxy: its struct's address in the session's memory. */
type SessionObject = Simnet & { __wbg_ptr: number };

interface Running {
  engine: SimnetEngine;
  session: SessionObject;
  builders: Simnet['txBuilders'];
}

/** The package, and the one session its instance holds, once this thread's first engine made them. */
let made: { sdk: ClarinetSdk; session: SessionObject } | undefined;

/**
 * The package imported and its session made (or, on a thread an engine ran on before, that
 * session renewed), then, once told (`Go`), booted or restored.
 */
async function start({ from, trackCosts, background }: Start): Promise<Running> {
  if (made) renewSession(made.session);
  else {
    if (background) yieldToOtherThreads();
    watchForSession();
    const sdk = await importSdk(from);
    const session = (await sdk.getSDK({ trackCosts })) as SessionObject;
    keepNewSession(session);
    made = { sdk, session };
  }
  const { sdk, session } = made;
  const { restore } = await nextGo();
  if (!restore) {
    await session.initEmptySession(null);
    return { engine: simnetEngine(session), session, builders: sdk.tx };
  }
  restoreImage(session, restore.session);
  const { height, burnHeight } = restore.tip;
  if (session.blockHeight !== height || session.burnBlockHeight !== burnHeight)
    throw new Error(
      `the restored session stands at ${session.blockHeight}/${session.burnBlockHeight}, its image at ${height}/${burnHeight}`,
    );
  return { engine: simnetEngine(session, restore.published), session, builders: sdk.tx };
}

function imageOf(engine: SimnetEngine, session: SessionObject): EngineImage {
  return { session: takeImage(session), published: [...engine.published], tip: engine.tip };
}

function imageWritten(engine: SimnetEngine, session: SessionObject, file: string): ImageWritten {
  return { session: writeImage(session, file), published: [...engine.published], tip: engine.tip };
}

function signed(requests: readonly SignRequest[]): Signed[] {
  return requests.map(({ messageHex, domainHex, privateKey }) => ({
    signature: signStructuredData({
      message: Cl.deserialize(messageHex),
      domain: Cl.deserialize(domainHex),
      privateKey,
    }),
    publicKey: privateKeyToPublic(privateKey) as string,
  }));
}

/** A batch's calls, run in order up to the first that throws: each one's reply. */
function batched(running: Running, calls: readonly EngineCall[]): Reply[] {
  const replies: Reply[] = [];
  for (const call of calls) {
    const reply = run(running, call);
    replies.push(reply);
    if (!reply.ok) break;
  }
  return replies;
}

/** One call, run now: what it answered or threw, with the engine's tip after it. */
function run(running: Running, call: ThreadCall): Reply {
  const { engine, session, builders } = running;
  try {
    const value: unknown =
      call.method === 'image'
        ? imageOf(engine, session)
        : call.method === 'writeImage'
          ? imageWritten(engine, session, call.args[0])
          : call.method === 'sign'
            ? signed(call.args[0])
            : call.method === 'bootInterfaces'
              ? bootInterfaces(session, builders, call.args[0])
              : call.method === 'batch'
                ? batched(running, call.args[0])
                : (engine[call.method] as (...a: readonly unknown[]) => unknown)(...call.args);
    return { ok: true, value, tip: engine.tip };
  } catch (error) {
    return { ok: false, error: crossed(error), tip: engine.tip };
  }
}

/** Tells of each `Go` as it comes, in order: one per engine started. */
const goes: Go[] = [];
let goWaiting: ((go: Go) => void) | undefined;
function nextGo(): Promise<Go> {
  const go = goes.shift();
  return go ? Promise.resolve(go) : new Promise((resolve) => (goWaiting = resolve));
}

/**
 * What this thread's CPU time was as it took a call: the caller holds the call to its budget in
 * CPU time from there (engine-crossing.ts).
 */
const ticks = ownTicks();

/** The port of the engine this thread runs now: closed when the next one starts on it. */
let serving: MessagePort | undefined;

/** Starts an engine on this thread, and answers its calls on its port once it says it started. */
function serve(data: EngineStart): void {
  serving?.close();
  serving = data.port;
  start(data).then(
    (running) => {
      Atomics.store(data.signal, MEMORY_PAGES, sessionPages());
      const { engine } = running;
      // A call's answer goes on the port the caller reads synchronously, then the signal wakes it.
      data.port.on('message', (call: ThreadCall) => {
        if (ticks) Atomics.store(data.signal, TAKEN_AT, ticks());
        const reply = run(running, call);
        try {
          data.port.postMessage(reply);
        } catch (error) {
          data.port.postMessage({ ok: false, error: crossed(error), tip: engine.tip } satisfies Reply);
        }
        Atomics.store(data.signal, ANSWERED, 1);
        Atomics.notify(data.signal, ANSWERED);
        // Once the caller has its answer: the headroom's one growth (a GC) delays no reply.
        keepHeadroom();
        Atomics.store(data.signal, MEMORY_PAGES, sessionPages());
      });
      parent.postMessage({
        ok: true,
        bootAddress: engine.bootAddress,
        chainId: engine.chainId,
        tip: engine.tip,
        ...(ticks && { thread: ownThreadId() }),
        module: sessionModule(),
      } satisfies Started);
    },
    (error: unknown) => parent.postMessage({ ok: false, error: crossed(error) } satisfies Started),
  );
}

const parent = parentPort as MessagePort;
parent.on('message', (message: Go | Next) => {
  if ('next' in message) return serve(message.next);
  const waiting = goWaiting;
  goWaiting = undefined;
  if (waiting) waiting(message);
  else goes.push(message);
});
serve(workerData as EngineStart);
