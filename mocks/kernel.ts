import { listOperations, type Document } from '../spec/document.ts';
import { routerOf } from '../spec/request/routing.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { operationsOf, releaseProfile, RELEASES, type ReleaseProfile } from '../spec/releases/releases.ts';
import { LiveChain, type WorldRestorer } from './control/live-chain.ts';
import { createMockPipeline } from './http/mock-pipeline.ts';
import { Preferences } from './http/preferences.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { logLine } from './http/request-log.ts';
import { withDefaults, worldOptionsOf, type MockOptions } from './options.ts';
import { isLivePoll, ownRoutes, type OwnFiles } from './own-paths.ts';
import { observeBoth, RequestFeed } from './ui/request-feed.ts';
import { LiveUpdates } from './live/live-updates.ts';
import type { CompiledWorldFile, WorldFileSettings } from './world/declared/compile.ts';
import { epoch4Values } from './world/declared/epoch-4-values.ts';
import { problemAt, WorldFileError, type DeclaredWorld } from './world/declared/plan.ts';
import { resolveOptions, type WorldOptions } from './world/options.ts';
import { withLedgerProblems } from './world/generate/ledger-problems.ts';
import { hasOwnContracts, runDeclaredContracts } from './world/run/declared-contracts.ts';

/** What a door hands the kernel that only it can get: the documents, the world file, the files. */
export interface MockSources {
  /** The API's spec (spec/openapi.yaml), parsed. */
  doc: Document;
  /** The control plane's spec (mocks/control/openapi.yaml), parsed. */
  controlDoc: Document;
  /** The world file, compiled with the options' network, seed and blocks as its defaults (its own win). */
  worldFile?: ((defaults: WorldFileSettings) => CompiledWorldFile) | undefined;
  /** The world at start and at each reset, when it has one (the build's snapshot). */
  restore?: WorldRestorer;
  /** The spec's text and the home page (Node); without them those paths are 404. */
  files?: (live: LiveChain, options: MockOptions) => OwnFiles;
  /**
   * The living chain of another mock of the same world (its options resolve to this one's), served
   * instead of building one: the golden check asks one world as each release that recorded it.
   * Both mocks answer from it and see each other's changes; closing either ends its clock and its
   * Clarity engine, so they close together.
   */
  live?: LiveChain;
}

/**
 * The mock: its options resolved once, the living chain, and one `handle` that answers every
 * path (the API, the spec, the catalogue, the home page, the control plane). Every door (the
 * node:http server, startMock, the middleware, the MSW handlers, the suite's in-process target)
 * adapts it, and hands its user the one `Mock` (mock-handle.ts) over it.
 */
export interface MockKernel {
  /** Every option with its default; a world file's seed, network and blocks in place of the flags'. */
  readonly options: MockOptions;
  /** The release the mock answers as (`apiVersion`), derived once: every door and channel reads it here. */
  readonly release: ReleaseProfile;
  readonly live: LiveChain;
  /** The rate limit's limits, which may change while the mock runs. */
  readonly limiter: RateLimiter;
  /** What `prefer()` asks of the next requests. */
  readonly preferences: Preferences;
  /** The last requests, for the home page. */
  readonly feed: RequestFeed;
  /** The chain's changes as the live channels announce them (docs/live-updates.md); a door attaches its channels. */
  readonly updates: LiveUpdates;
  handle(request: ServerRequest): HttpResponse | Promise<HttpResponse>;
  /**
   * Whether a path (undecoded) is one of the API's, under any release: what a door that shares
   * its host (the middleware, MSW) hands the kernel, leaving every other path to its app.
   */
  isApiPath(pathname: string): boolean;
}

/**
 * The mock's options, resolved once: every default filled in, a world file's seed, network and
 * blocks in place of the flags' (the seed then drives the world and the injected faults alike),
 * and the world they describe. A world file's own contracts must have run in the Clarity engine
 * first (`runWorldContracts`, which a synchronous door cannot wait for): one line says so.
 */
export function resolveMock(
  partial: Partial<MockOptions>,
  worldFile: MockSources['worldFile'],
): { options: MockOptions; world: WorldOptions; release: ReleaseProfile } {
  const resolved = resolveWorld(partial, worldFile);
  const { declared } = resolved.world;
  if (hasOwnContracts(declared) && !declared.contractRuns)
    throw new WorldFileError([
      problemAt(
        declared.contracts[0] as DeclaredWorld['contracts'][number],
        "a world file's own contracts run in the Clarity engine as the mock starts, which this door cannot wait for: serve the file with stacks-api-mock --world or startMock",
      ),
    ]);
  return resolved;
}

/**
 * The sources with the world file's own contracts and calls run in the Clarity engine
 * (world/run/declared-contracts.ts): the engine starts only for a file that has some. Throws the
 * file's WorldFileError.
 */
export async function runWorldContracts<S extends Pick<MockSources, 'worldFile'>>(
  partial: Partial<MockOptions>,
  sources: S,
): Promise<S> {
  const { worldFile } = sources;
  if (!worldFile) return sources;
  const { world } = resolveWorld(partial, worldFile);
  if (!hasOwnContracts(world.declared)) return sources;
  const runs = (await runDeclaredContracts(world)).declared?.contractRuns;
  return {
    ...sources,
    worldFile: (defaults) => {
      const file = worldFile(defaults);
      return { ...file, declared: { ...file.declared, ...(runs && { contractRuns: runs }) } };
    },
  };
}

function resolveWorld(
  partial: Partial<MockOptions>,
  worldFile: MockSources['worldFile'],
): { options: MockOptions; world: WorldOptions; release: ReleaseProfile } {
  const given = withDefaults(partial);
  const release = releaseProfile(given.apiVersion);
  let file: CompiledWorldFile | undefined;
  const problems: string[] = [];
  try {
    file = worldFile?.({ seed: given.seed, network: given.network, blocks: given.blocks });
  } catch (err) {
    // Go on with the rest of the file (its `partial` plan): its other problems come in the same reading.
    if (!(err instanceof WorldFileError) || !err.partial) throw err;
    file = err.partial;
    problems.push(...err.problems);
  }
  if (file) problems.push(...undecodable(file.declared, release));
  const options: MockOptions = file ? { ...given, ...file.settings } : given;
  const world = resolveOptions({ ...worldOptionsOf(options), ...(file ? { declared: file.declared } : {}) });
  // With those, the problems a running ledger finds in the rest.
  if (problems.length > 0) throw withLedgerProblems(new WorldFileError(problems), world);
  return { options, world, release };
}

/**
 * A release older than v9 cannot import a chain holding epoch 4's values (the real v8.11.6's
 * decoder refuses them), so the mock does not pretend it serves one: one line per value, and the
 * release that can.
 */
function undecodable(declared: DeclaredWorld, release: ReleaseProfile): string[] {
  if (release.epoch4Values) return [];
  const able = RELEASES.find((r) => r.epoch4Values)?.version;
  return epoch4Values(declared).map(({ ref, value }) =>
    problemAt(
      ref,
      `${value} is a value of epoch 4, which ${release.version} cannot import${able ? `: serve this world with --api-version ${able}` : ''}`,
    ),
  );
}

/** The mock from its options and what its door provides. */
export function mockKernel(partial: Partial<MockOptions>, sources: MockSources): MockKernel {
  const { options, world, release } = resolveMock(partial, sources.worldFile);
  const live = sources.live ?? new LiveChain(world, sources.controlDoc, options.blockTime, sources.restore);
  const log = options.quiet ? () => {} : options.log;
  const feed = new RequestFeed();
  const observe = observeBoth(feed.observe, options.quiet ? undefined : logLine(options.log));
  const { doc } = sources;
  const operations = listOperations(doc);
  const apiRoute = routerOf(operations, { decode: false });
  const isApiPath = (pathname: string): boolean => apiRoute(pathname) !== undefined;
  const served = operationsOf(operations, release.version);
  const limiter = new RateLimiter({ anonymous: options.rateLimit, keyed: options.rateLimitKey }, options.now);
  const preferences = new Preferences(served.map((op) => op.operationId));
  const own = ownRoutes({
    options,
    doc,
    ops: served,
    controlDoc: sources.controlDoc,
    live,
    preferences,
    limiter,
    feed,
    files: sources.files?.(live, options),
  });
  const pipeline = createMockPipeline(
    doc,
    { all: operations, served },
    live.queries,
    { ...options, release, log, limiter, preferences, own },
    live,
  );

  const seen = (request: ServerRequest, started: number, answer: HttpResponse): HttpResponse => {
    observe({
      method: request.method,
      path: request.target,
      status: answer.status,
      ms: performance.now() - started,
      ...(answer.rawHeaders.includes('Warning') ? { deprecated: true } : {}),
    });
    return answer;
  };
  const handle = (request: ServerRequest): HttpResponse | Promise<HttpResponse> => {
    // The home page's polling stays out of the log it shows.
    if (isLivePoll(request.target)) return pipeline(request);
    const started = performance.now();
    const answer = pipeline(request);
    return answer instanceof Promise
      ? answer.then((later) => seen(request, started, later))
      : seen(request, started, answer);
  };
  const updates = new LiveUpdates(live, release, log);
  return { options, release, live, limiter, preferences, feed, updates, handle, isApiPath };
}
