/**
 * What `make test-fast` (TEST_FAST=1), the edit loop's run, leaves out beside every browser test
 * (`*.browser.test.ts`): the files that need the registry or Chromium, and those that cost the
 * most CPU for what an edit rarely breaks (`make test` runs them all). These start the CLIs,
 * Prism, openapi-typescript or vitest itself (this list's own test) as processes, lint dozens of
 * mutated copies of the spec, fuzz, inject faults by the thousand, compare the spec with the
 * official client or the real service's document, replay every recorded suite request and
 * golden, compare MSW's answers with the server's, or drive the Clarity engine end to end
 * (broadcasts, reorgs, a spinning call, hostile contracts fuzzed, a world file's own contracts,
 * every stacker through pox-4, the engine's own calls, images and signatures, a world's replay and
 * restores), each starting and replacing engines, or walk a principal of every kind in five worlds
 * through the kernel, page by page (the successors' agreement, the wallet's successors), or build
 * three worlds to check the wire encoding against @stacks/transactions, a row of each shape (about
 * 11 s of CPU).
 */
export const SLOW_TEST_FILES: readonly string[] = [
  'packaging/package.test.ts',
  'msw/browser.test.ts',
  'docs/wallet-page.test.ts',
  'mocks/cli.test.ts',
  'proxy/cli.test.ts',
  'mocks/world/declared/cli-world.test.ts',
  'api/wallet-cli.test.ts',
  'spec/prism-smoke.test.ts',
  'spec/prism/start-prism.test.ts',
  'spec/types.test.ts',
  'spec/drift/published-drift.test.ts',
  'mocks/reliability/fault-injection.test.ts',
  'testing/test-fast.test.ts',
  'spec/lint/house-rules.test.ts',
  'mocks/reliability/fuzz.test.ts',
  'spec/drift/client-drift.test.ts',
  'msw/suite-parity.test.ts',
  'differential/golden.test.ts',
  'api/clarity-broadcast.test.ts',
  'api/clarity-hostile.test.ts',
  'api/clarity-hostile-fuzz.test.ts',
  'mocks/control/clarity-follows.test.ts',
  'mocks/world/run/stacking.test.ts',
  'mocks/world-files/own-contracts.test.ts',
  'mocks/operations/successors.test.ts',
  'mocks/operations/wallet-successors.test.ts',
  'mocks/clarity/engine.test.ts',
  'mocks/clarity/boot-image.test.ts',
  'mocks/world/run/world-engine.test.ts',
  'mocks/world/run/miner-rewards-engine.test.ts',
  'mocks/control/mine-later.test.ts',
  'msw/parity.test.ts',
  'mocks/world/wire/tx-wire.test.ts',
];
