// The mock handed to the contract suite for its in-process target: vitest.config.ts and the
// stacks-api-contract bin name this file among the suite's setup files (and global setup, where
// the preflight builds a mock world's target file), so the suite itself never imports the mock.
// The mock is imported on first use: a run against BASE_URL never loads it, which saves each
// worker the mock's import (most of a short run's start).
import type { RequestListener } from 'node:http';
import { provideInProcessMock, type InProcessMock } from '../contract-tests/in-process.ts';

/**
 * The in-process mock; `warm`: each mock's Clarity engine warms at once, and `ready()` waits for
 * them. Only in a worker, where the suite's files run: in the main process (the preflight reads
 * the world and nothing more) a warm-up would hold vitest's own process, which reports for every
 * worker, for the replay.
 */
function inProcessMock(warm: boolean): InProcessMock {
  const warming: Promise<unknown>[] = [];
  return {
    listener(options) {
      const app = import('../mocks/app.ts').then(({ createMockApp }) =>
        createMockApp({ ...options, quiet: true }),
      );
      // The engine's start and the world's replay take seconds on a busy machine (11 s seen at
      // load 6), which a contract read waits for: started now and awaited by `ready()` before the
      // suite's first request, no request's timeout runs while it boots. Without the engine's
      // package it cannot start: ready all the same.
      // One after the other: the suite's mocks share one world, so the first engine's image of it
      // (world/run/replay-images.ts) starts the others without a replay of their own.
      if (warm) {
        const previous = warming.at(-1) ?? Promise.resolve();
        warming.push(
          previous
            .then(() => app.then((created) => created.live.queries.clarity.ready()))
            .catch(() => undefined),
        );
      }
      const serve: RequestListener = (req, res) =>
        void app.then(
          (listener) => listener(req, res),
          (err: unknown) =>
            res
              .writeHead(500, { 'content-type': 'text/plain' })
              .end(`the mock could not load: ${String(err)}\n`),
        );
      return serve;
    },
    async ready() {
      await Promise.all(warming);
    },
    async targetOf(world, facts) {
      const { buildMockTarget } = await import('../fixtures/targets/mock-default-target.ts');
      return buildMockTarget(world, facts);
    },
  };
}

provideInProcessMock(inProcessMock(true));

/** As a global setup file: the main process, where the preflight runs, gets the mock too. */
export function setup(): void {
  provideInProcessMock(inProcessMock(false));
}
