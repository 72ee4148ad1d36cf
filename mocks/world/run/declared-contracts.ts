import type { HostedEngine } from '../../clarity/engine-wire.ts';
import { startEngine } from '../../clarity/load.ts';
import { isClarityUnavailable } from '../../clarity/unavailable.ts';
import { problemAt, WorldFileError, type DeclaredWorld } from '../declared/plan.ts';
import { buildChain } from '../generate/build-chain.ts';
import type { WorldOptions } from '../options.ts';
import { EngineRunner } from './declared-runs.ts';

/** Whether a world file declares contracts of its own source, which only the Clarity engine runs. */
export function hasOwnContracts(declared: DeclaredWorld | undefined): declared is DeclaredWorld {
  return (declared?.contracts.length ?? 0) > 0;
}

/**
 * What the engine did with each world's own contracts, by the world's options: the runs depend on
 * nothing else (the engine is deterministic), so a second mock of the same world in this process
 * (the golden check's two releases, a test file's second server) records them again without
 * booting an engine and running its chain a second time (about 4 s of CPU on own-contract.yaml).
 */
const ranBefore = new Map<string, Promise<ContractRuns>>();

type ContractRuns = NonNullable<DeclaredWorld['contractRuns']>;

function worldKey(world: WorldOptions): string {
  return JSON.stringify(world, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? `${value}n`
      : value instanceof Map || value instanceof Set
        ? [...value]
        : value,
  );
}

/**
 * The world with its file's own contracts and calls run: a Clarity engine starts (it counts
 * costs, as the one that mines broadcasts does), the chain is built once with it, each
 * deployment and call running in block order with the world's other transactions, and what the
 * engine did is kept in the plan (`contractRuns`), from which every later build records it again
 * without an engine. A world without contracts of its own is returned as it is: nothing starts.
 * Throws a WorldFileError: a contract that does not analyse, a call that cannot run (one line
 * each, naming the entry and its line, with the file's other problems); without the engine's
 * package, one line naming the package, on the first contract.
 */
export async function runDeclaredContracts(world: WorldOptions): Promise<WorldOptions> {
  const declared = world.declared;
  if (!hasOwnContracts(declared) || declared.contractRuns) return world;
  const key = worldKey(world);
  let runs = ranBefore.get(key);
  if (!runs) {
    runs = runInEngine(world, declared);
    ranBefore.set(key, runs);
    // A world whose contracts could not run is tried again next time: its error comes again.
    runs.catch(() => ranBefore.delete(key));
  }
  return { ...world, declared: { ...declared, contractRuns: await runs } };
}

async function runInEngine(world: WorldOptions, declared: DeclaredWorld): Promise<ContractRuns> {
  let engine: HostedEngine;
  try {
    engine = await startEngine(undefined, { trackCosts: true });
  } catch (error) {
    if (!isClarityUnavailable(error)) throw error;
    throw new WorldFileError([
      problemAt(declared.contracts[0] as DeclaredWorld['contracts'][number], error.message),
    ]);
  }
  const runner = new EngineRunner(engine);
  try {
    buildChain(world, runner);
  } finally {
    void engine.close();
  }
  return runner.runs;
}
