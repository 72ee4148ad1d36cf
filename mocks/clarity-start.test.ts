import { afterAll, expect, it, vi } from 'vitest';
import { startMockServer, type ServerDoor } from './server.ts';
import type { Mock } from './mock-handle.ts';

const mocks: Mock<ServerDoor>[] = [];
afterAll(() => Promise.all(mocks.map((m) => m.close())));

it('a warm mock starts its Clarity engine once listening, without a request; a lazy one (startMock’s default) does not', async () => {
  const started = await Promise.all(
    (['warm', 'lazy'] as const).map((clarity) =>
      startMockServer({ port: 0, quiet: true, blocks: 60, ...(clarity === 'warm' ? { clarity } : {}) }),
    ),
  );
  mocks.push(...started);
  // The engine's start itself is not what is checked here: only whether the mock asks for it.
  const [warm, lazy] = started.map((m) =>
    vi.spyOn(m.live.queries.clarity, 'warm').mockImplementation(() => {}),
  );
  await vi.waitFor(() => expect(warm).toHaveBeenCalledOnce(), { timeout: 10_000 });
  expect(lazy).not.toHaveBeenCalled();
});
