// The Clarity engine's thread (a worker_threads Worker started by engine-bridge.ts): it imports
// `@stacks/clarinet-sdk`, starts a session, and runs the engine's calls for the mock's thread,
// which meanwhile answers its other requests. Its own entry file, loaded by Node's loader, so the
// engine's package is imported here from the user's node_modules and never bundled (scripts/
// bundle.ts builds this file alone, the package left out).
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { ClarityEngine } from '../engine.ts';
import { Cl, privateKeyToPublic, signStructuredData } from '@stacks/transactions';
import {
  crossed,
  type Reply,
  type Signed,
  type Start,
  type Started,
  type ThreadCall,
} from '../engine-wire.ts';
import { simnetEngine, type Simnet } from '../simnet-engine.ts';
import { ClarityUnavailable } from '../unavailable.ts';

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

async function start({ from, trackCosts }: Start): Promise<ClarityEngine> {
  const sdk = await importSdk(from);
  const session = await sdk.getSDK({ trackCosts });
  await session.initEmptySession(null);
  return simnetEngine(session, sdk.tx);
}

/** One call, run now; what it answered or threw, with the engine's tip after it. */
function run(engine: ClarityEngine, call: ThreadCall): Reply {
  try {
    const value: unknown =
      call.method === 'sign'
        ? call.args[0].map(({ messageHex, domainHex, privateKey }): Signed => ({
            signature: signStructuredData({
              message: Cl.deserialize(messageHex),
              domain: Cl.deserialize(domainHex),
              privateKey,
            }),
            publicKey: privateKeyToPublic(privateKey) as string,
          }))
        : (engine[call.method] as (...a: readonly unknown[]) => unknown)(...call.args);
    return { ok: true, value, tip: engine.tip };
  } catch (error) {
    return { ok: false, error: crossed(error), tip: engine.tip };
  }
}

const data = workerData as Start & { port: MessagePort; signal: Int32Array };
const parent = parentPort as MessagePort;
start(data).then(
  (engine) => {
    // A call's answer goes on the port the caller reads synchronously, then the signal wakes it.
    data.port.on('message', (call: ThreadCall) => {
      const reply = run(engine, call);
      try {
        data.port.postMessage(reply);
      } catch (error) {
        data.port.postMessage({ ok: false, error: crossed(error), tip: engine.tip } satisfies Reply);
      }
      Atomics.store(data.signal, 0, 1);
      Atomics.notify(data.signal, 0);
    });
    parent.postMessage({
      ok: true,
      bootAddress: engine.bootAddress,
      chainId: engine.chainId,
      tip: engine.tip,
    } satisfies Started);
  },
  (error: unknown) => parent.postMessage({ ok: false, error: crossed(error) } satisfies Started),
);
