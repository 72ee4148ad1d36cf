import { describe, expect, it } from 'vitest';
import { createMock, nodeSources } from './create-mock.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import { mockKernel, type MockKernel } from './kernel.ts';

/** A request handed over in process, its body (if any) as given. */
function request(target: string, init: Partial<ServerRequest> = {}): ServerRequest {
  return { method: 'GET', target, headers: {}, ip: '127.0.0.1', ...init };
}

async function answer(mock: MockKernel, req: ServerRequest): Promise<{ status: number; json: unknown }> {
  const res = await mock.handle(req);
  return { status: res.status, json: res.body };
}

const BASE = { blocks: 60, quiet: true, rateLimit: 0 } as const;

describe('the kernel: one handle for every path', () => {
  it('answers the API, the catalogue and the control plane through the same handle', async () => {
    const mock = createMock(BASE);
    expect((await answer(mock, request('/extended'))).status).toBe(200);
    expect((await answer(mock, request('/_mock/world'))).json).toMatchObject({ tip: { height: 60 } });
    const mined = await answer(mock, request('/_mock/mine', { method: 'POST', body: '{"blocks":2}' }));
    expect(mined).toMatchObject({ status: 200, json: { height: 62 } });
    expect(mock.live.queries.catalogue().tip.height).toBe(62);
  });

  it('refuses a control body past 16 kB with 413, and one that is not a JSON object or array with 400', async () => {
    const mock = createMock(BASE);
    const big = await answer(mock, request('/_mock/mine', { method: 'POST', body: ' '.repeat(17_000) }));
    expect(big).toMatchObject({ status: 413, json: { message: 'the body is larger than 16 kB' } });
    const scalar = await answer(mock, request('/_mock/mine', { method: 'POST', body: '2' }));
    expect(scalar).toMatchObject({ status: 400, json: { message: 'the body is not valid JSON' } });
  });

  it('compares the control token whatever its length, as a digest', async () => {
    const mock = createMock({ ...BASE, host: '0.0.0.0', controlToken: 'sesame-1234' });
    for (const token of ['s', 'sesame-123', 'sesame-12345', 'x'.repeat(500)])
      expect(
        (
          await answer(
            mock,
            request('/_mock/reset', { method: 'POST', headers: { 'x-control-token': token } }),
          )
        ).status,
      ).toBe(403);
    const ok = request('/_mock/reset', { method: 'POST', headers: { 'x-control-token': 'sesame-1234' } });
    expect((await answer(mock, ok)).status).toBe(200);
  });

  it('runs the own routes through the same phases as the API, but for the key and the rate limit', async () => {
    const mock = createMock({ ...BASE, requireApiKey: true, rateLimitKey: 1 });
    const keyed = { headers: { 'x-api-key': 'any' } };
    // The API's gateway: no key is 401, a second keyed request within the minute is 429.
    expect((await answer(mock, request('/extended'))).status).toBe(401);
    // Its own paths are not behind it: no key, and as often as asked.
    for (let i = 0; i < 3; i++) expect((await answer(mock, request('/_mock/world'))).status).toBe(200);
    expect((await answer(mock, request('/extended', keyed))).status).toBe(200);
    expect((await answer(mock, request('/extended', keyed))).status).toBe(429);
    // The URL limit and the preflight are the same answers on either side.
    const long = 'x'.repeat(9000);
    const bytes = async (req: ServerRequest) => {
      const res = await mock.handle(req);
      return [res.status, res.rawHeaders, res.text];
    };
    expect(await bytes(request(`/_mock/ab/${long}`))).toEqual(await bytes(request(`/extended/${long}`)));
    const preflight = {
      method: 'OPTIONS',
      headers: { origin: 'http://a.test', 'access-control-request-method': 'POST' },
    };
    expect(await bytes(request('/_mock/mine', preflight))).toEqual(
      await bytes(request('/extended', preflight)),
    );
    // A read's path asked with another method, and an own path the mock does not have: 404.
    expect((await answer(mock, request('/_mock/world', { method: 'POST', body: '{}' }))).status).toBe(404);
    expect(await answer(mock, request('/_mock/nothing/'))).toMatchObject({
      status: 404,
      json: { message: 'Route GET:/_mock/nothing/ not found' },
    });
  });

  it('checks each control body against the schema its operation names in the control spec, and will not start on one it cannot check', () => {
    const sources = nodeSources(undefined);
    const controlDoc = structuredClone(sources.controlDoc);
    const mine = controlDoc.paths?.['/_mock/mine']?.post as {
      requestBody: { content: Record<string, unknown> };
    };
    mine.requestBody.content['application/json'] = { schema: { $ref: '#/components/schemas/Tip' } };
    expect(() => mockKernel(BASE, { ...sources, controlDoc })).toThrow(
      "the control spec's mine takes a body no control check knows: #/components/schemas/Tip",
    );
  });

  it("a world file's seed drives the world and the injected faults alike", async () => {
    const statuses = async (mock: MockKernel): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await mock.handle(request(`/extended?i=${i}`))).status);
      return out;
    };
    const world = { seed: 9, accounts: { me: { stx: '1000' } } };
    const declared = mockKernel({ ...BASE, seed: 1, faultRate: 0.5 }, nodeSources(world));
    expect(declared.options.seed).toBe(9);
    const faults = await statuses(declared);
    expect(faults).toEqual(await statuses(createMock({ ...BASE, seed: 9, faultRate: 0.5 })));
    expect(faults).not.toEqual(await statuses(createMock({ ...BASE, seed: 1, faultRate: 0.5 })));
  });
});
