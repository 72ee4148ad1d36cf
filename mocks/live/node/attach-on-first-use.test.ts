import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../../spec/http/client.ts';
import { attachOnFirstUse } from './attach-on-first-use.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server answering `mock <path>` to everything, then whatever the test adds. */
async function listening(setUp: (server: Server) => void): Promise<string> {
  const server = createServer();
  servers.push(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => res.end(`mock ${req.url}`));
  setUp(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The status a server answers an upgrade request with (a `Connection: Upgrade` request: fetch sends none). */
function upgradeStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
    req.once('response', (res) => (res.resume(), resolve(res.statusCode)));
    req.once('upgrade', (res, socket) => (socket.destroy(), resolve(res.statusCode)));
    req.once('error', reject);
    req.end();
  });
}

/** Attaches as engine.io does: its own listener serves `/io/`, hands the wrapped ones the rest. */
function engineLike(server: Server, upgrades: string[]): void {
  const wrapped = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/io/')) res.end(`io ${req.url}`);
    else for (const listener of wrapped) listener.call(server, req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    upgrades.push(req.url ?? '');
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
}

describe('a handler attached on first use', () => {
  it('loads on the first request under its path, which waits for it and gets its answer; the others never load it', async () => {
    let loads = 0;
    const upgrades: string[] = [];
    const url = await listening((server) =>
      attachOnFirstUse(
        server,
        '/io/',
        async () => (loads++, 'loaded'),
        () => engineLike(server, upgrades),
      ),
    );
    const client = httpClient(url, { keepAlive: false });
    expect((await client.get('/extended')).text).toBe('mock /extended');
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([client.get('/io/?a=1'), client.get('/io/?a=2')]);
    expect([first.text, second.text]).toEqual(['io /io/?a=1', 'io /io/?a=2']);
    expect((await client.get('/extended')).text).toBe('mock /extended');
    expect((await client.get('/io/?a=3')).text).toBe('io /io/?a=3');
    expect(loads).toBe(1);
  });

  it('hands the first upgrade, whatever its path, to the upgrade listener it attached', async () => {
    const upgrades: string[] = [];
    const url = await listening((server) =>
      attachOnFirstUse(
        server,
        '/io/',
        async () => 'loaded',
        () => engineLike(server, upgrades),
      ),
    );
    expect(await upgradeStatus(`${url}/elsewhere`)).toBe(400);
    expect(upgrades).toEqual(['/elsewhere']);
  });

  it('keeps a request listener added after it behind the handler, as when the handler attached at once', async () => {
    const seen: string[] = [];
    const url = await listening((server) => {
      attachOnFirstUse(
        server,
        '/io/',
        async () => 'loaded',
        () => engineLike(server, []),
      );
      server.on('request', (req: IncomingMessage) => seen.push(req.url ?? ''));
    });
    const client = httpClient(url, { keepAlive: false });
    await client.get('/io/?a=1');
    await client.get('/extended');
    await client.get('/io/?a=2');
    expect(seen).toEqual(['/io/?a=1', '/extended', '/io/?a=2']);
  });

  it('leaves its path to the wrapped listeners when it cannot load or was stopped', async () => {
    const url = await listening((server) =>
      attachOnFirstUse(
        server,
        '/io/',
        () => Promise.reject(new Error('not installed')),
        () => engineLike(server, []),
      ),
    );
    expect((await httpClient(url, { keepAlive: false }).get('/io/?a=1')).text).toBe('mock /io/?a=1');
    let stop = (): void => {};
    const stopped = await listening((server) => {
      ({ stop } = attachOnFirstUse(
        server,
        '/io/',
        async () => 'loaded',
        () => engineLike(server, []),
      ));
    });
    stop();
    expect((await httpClient(stopped, { keepAlive: false }).get('/io/?a=1')).text).toBe('mock /io/?a=1');
  });

  it('ends an upgrade nobody takes when it cannot load, as engine.io would, never leaving it open', async () => {
    const url = new URL(
      await listening((server) =>
        attachOnFirstUse(
          server,
          '/io/',
          () => Promise.reject(new Error('not installed')),
          () => engineLike(server, []),
        ),
      ),
    );
    const socket = connect(Number(url.port), url.hostname);
    socket.write('GET /io/?EIO=4 HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    socket.resume();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(socket.bytesRead).toBe(0);
  });
});
