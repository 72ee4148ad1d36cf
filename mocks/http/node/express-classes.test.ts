import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp } from '../../app.ts';
import { expressServerClasses } from './express-classes.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, blocks: 120 });
const born: { req?: object | null; res?: object | null; fast?: boolean[] } = {};

// V8's own verdict on an object's layout; the flag only affects functions compiled after it is set.
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let plain: string;
let prebuilt: string;
beforeAll(async () => {
  plain = await listen(createServer(app));
  const server = createServer({ ...expressServerClasses(app.express) });
  // Registered before the app, so it sees the objects as Node made them.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    born.req = Object.getPrototypeOf(req);
    born.res = Object.getPrototypeOf(res);
    res.once('finish', () => (born.fast = [hasFastProperties(req), hasFastProperties(res)]));
  });
  server.on('request', app);
  prebuilt = await listen(server);
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
});

async function answer(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: await res.text() };
}

describe('request and response objects born with Express’s prototypes', () => {
  it('are made with app.express.request and app.express.response as prototypes, and are still Node’s classes', async () => {
    await answer(prebuilt, '/extended');
    expect(born.req).toBe(app.express.request);
    expect(born.res).toBe(app.express.response);
    expect(Object.create(born.req as object)).toBeInstanceOf(IncomingMessage);
    expect(Object.create(born.res as object)).toBeInstanceOf(ServerResponse);
  });

  it('are laid out as fast objects, as Node’s own are, through a whole answer', async () => {
    await answer(prebuilt, '/extended/v2/blocks/foo');
    expect(born.fast).toEqual([true, true]);
  });

  it.each([
    ['a 200', '/extended', {}],
    ['a 304', '/extended', { headers: { 'If-None-Match': '*' } }],
    ['a HEAD', '/extended', { method: 'HEAD' }],
    ['a 400', '/extended/v2/blocks/foo', {}],
    ['a 404', '/nowhere', {}],
    ['a 405', '/extended', { method: 'DELETE' }],
  ] as const)('answer %s exactly as a server with Node’s own classes does', async (_name, path, init) => {
    expect(await answer(prebuilt, path, init)).toEqual(await answer(plain, path, init));
  });

  it('leaves Node’s classes in place if they cannot be called as functions', () => {
    class Request {}
    class Response {}
    const base = { IncomingMessage: Request, ServerResponse: Response } as unknown as {
      IncomingMessage: typeof IncomingMessage;
      ServerResponse: typeof ServerResponse;
    };
    expect(expressServerClasses(app.express, base)).toEqual({});
  });
});
