import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** What took the stand-in's places among the server's listeners. */
interface Attached {
  request: RequestListener;
  upgrades: UpgradeListener[];
}

/**
 * Stands in for a handler that attaches itself to a node:http server as engine.io does (it takes
 * the server's `request` listeners into its own, which serves its path and hands them the rest,
 * and adds an `upgrade` listener) until it is first needed: a request under `path`, or any upgrade
 * (engine.io ends one nobody answered). Then `load` brings its code and `mount` attaches it in
 * the stand-in's places among the listeners, and what waited for it is handed to it; until then
 * no request pays for loading it. `stop()` drops it for good: a request that still waits for it
 * goes to the listeners it would have wrapped, as does every request when it cannot load.
 */
export function attachOnFirstUse<T>(
  server: Server,
  path: string,
  load: () => Promise<T>,
  mount: (loaded: T) => void,
): { stop(): void } {
  const wrapped = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  let attaching: Promise<Attached | undefined> | undefined;
  let stopped = false;
  const passOn: RequestListener = (req, res) => {
    for (const listener of wrapped) listener.call(server, req, res);
  };
  const onRequest: RequestListener = (req, res) => {
    if (!req.url?.startsWith(path)) return passOn(req, res);
    void ready().then((now) => (now ? now.request.call(server, req, res) : passOn(req, res)));
  };
  const onUpgrade: UpgradeListener = (req, socket, head) => {
    // Until a listener takes the socket, a client gone meanwhile must not be an uncaught error.
    const meanwhile = (): void => {};
    socket.on('error', meanwhile);
    void ready().then((now) => {
      socket.off('error', meanwhile);
      if (now) return now.upgrades.forEach((listener) => listener.call(server, req, socket, head));
      // As engine.io does for an upgrade nobody answered: ended after a second, never left open.
      setTimeout(() => {
        if (socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0)
          socket.end();
      }, 1_000).unref();
    });
  };
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);

  function ready(): Promise<Attached | undefined> {
    // A handler that cannot load (a broken install) leaves its path to the listeners it would wrap.
    attaching ??= load()
      .then((loaded) => (stopped ? undefined : attachNow(loaded)))
      .catch(() => undefined);
    return attaching;
  }

  /** Mounted with only the stand-in to wrap, then put where the stand-in was. */
  function attachNow(loaded: T): Attached {
    const requests = server.listeners('request') as RequestListener[];
    const upgrades = server.listeners('upgrade') as UpgradeListener[];
    server.removeAllListeners('request');
    server.on('request', onRequest);
    mount(loaded);
    const [request] = server.listeners('request') as RequestListener[];
    if (!request) throw new Error('the handler attached no request listener');
    const added = (server.listeners('upgrade') as UpgradeListener[]).filter((l) => !upgrades.includes(l));
    server.removeAllListeners('request');
    server.removeAllListeners('upgrade');
    for (const listener of requests) server.on('request', listener === onRequest ? request : listener);
    for (const listener of upgrades)
      for (const now of listener === onUpgrade ? added : [listener]) server.on('upgrade', now);
    return { request, upgrades: added };
  }

  return {
    stop: () => {
      stopped = true;
    },
  };
}
