/** Cases per property in `make test`: a few thousand requests in all, well under 30 s. */
export const DEFAULT_FUZZ_RUNS = 1_000;

export interface FuzzSettings {
  runs: number;
  seed: number;
  seedFrom: 'FUZZ_SEED' | 'random';
}

function readInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return Number(raw);
}

/**
 * FUZZ_RUNS and FUZZ_SEED. The seed is random unless given: every property asserts exact
 * outcomes (no statistical tolerance), so a new seed can only find a real bug, never fail by
 * chance, and each run of `make test` explores inputs the last one did not. The seed is printed
 * so that a failure replays with FUZZ_SEED=<seed>.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const given = readInt(env, 'FUZZ_SEED');
  return {
    runs: readInt(env, 'FUZZ_RUNS') || DEFAULT_FUZZ_RUNS,
    seed: given ?? Math.floor(Math.random() * 2 ** 31),
    seedFrom: given === undefined ? 'random' : 'FUZZ_SEED',
  };
}

/** Steps of the living chain's fuzz in `make test`: a few seconds. */
export const DEFAULT_LIVE_FUZZ_STEPS = 25;

/**
 * LIVE_FUZZ_STEPS (total steps of the living chain's fuzz) and the seed, FUZZ_SEED as for the
 * request fuzz: random unless given, printed to replay.
 */
export function liveFuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const { seed, seedFrom } = fuzzSettings(env);
  return { runs: readInt(env, 'LIVE_FUZZ_STEPS') || DEFAULT_LIVE_FUZZ_STEPS, seed, seedFrom };
}

/**
 * Cases of the hostile Clarity fuzz in `make test`, each a block mined through the engine: about
 * 16 s of CPU in all, most of it the engine's start (200 cases took 48 s).
 */
export const DEFAULT_HOSTILE_FUZZ_RUNS = 12;

/**
 * HOSTILE_FUZZ_RUNS (hostile deployments and calls, `api/clarity-hostile-fuzz.test.ts`) and the
 * seed, FUZZ_SEED as for the request fuzz: random unless given, printed to replay.
 */
export function hostileFuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const { seed, seedFrom } = fuzzSettings(env);
  return { runs: readInt(env, 'HOSTILE_FUZZ_RUNS') || DEFAULT_HOSTILE_FUZZ_RUNS, seed, seedFrom };
}
