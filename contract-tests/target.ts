import { inject } from 'vitest';
import { shownPath, type RunConfig, type TargetKind } from './config.ts';
import { RequestBudget } from './http/budget.ts';
import { inProcessMock } from './in-process.ts';
import { ContractClient } from './http/client.ts';
import { Limiter, realClock } from './http/limiter.ts';
import { httpTransport, type Transport } from './http/transport.ts';
import { ExchangeLog } from './report/exchange-log.ts';
import { discoverTargetData, type TargetData } from './targets/discover.ts';
import { describeRelease, readRelease, type TargetRelease } from './targets/release.ts';
import { loadTargetFile, type TargetFile } from './targets/target-file.ts';

/** The documented limits (service description §8); a target file may say otherwise. */
const DOCUMENTED_PER_MINUTE = { anonymous: 50, keyed: 500 };

/** The key the in-process mock's key-checking app accepts; any other key is invalid there. */
const MOCK_VALID_KEY = 'contract-suite-valid-key';
/** The key sent to a target that accepts any key (`auth.anyKeyAccepted`), when API_KEY is not set. */
const MADE_UP_KEY = 'contract-suite-made-up-key';
export { INVALID_KEY } from './targets/probe.ts';

export interface ContractTarget {
  config: RunConfig;
  kind: TargetKind;
  /** Where requests go, for messages and the summary. */
  label: string;
  file: TargetFile;
  /** False when the target's answers are canned examples (Prism): tests that need a coherent world skip. */
  coherent: boolean;
  client: ContractClient;
  /** A client for a server that checks keys: the mock's key-checking app, or the target itself. */
  authClient: ContractClient;
  /** A client for a server with a rate limit worth provoking: the mock's tiny-limit app, or the target itself. */
  rateLimitClient: ContractClient;
  /** The valid key for `authClient`, when one is known. */
  validKey?: string;
  /** Why 401 / 403 / 429 / 5XX cannot be provoked here; undefined when they can. */
  cannot: { unauthorized?: string; forbidden?: string; rateLimit?: string; serverError?: string };
  /** The documented per-minute limits in force for `rateLimitClient`. */
  rateLimit: { anonymous: number; keyed: number };
  log: ExchangeLog;
  /** The release its status names: the suite expects that release's deprecations, headers and fields. */
  release: TargetRelease;
  data(): Promise<TargetData>;
}

const KEY = Symbol.for('contract-tests.target');
const shared = globalThis as typeof globalThis & {
  [KEY]?: { runDir: string; target: Promise<ContractTarget> };
};

/**
 * The one target of the run, shared by every test file of the single worker. A worker kept for
 * several runs (the self-test's, contract-tests/self-test/kept-worker.ts) gets a new one with
 * each run's configuration: no discovery, log or budget crosses from one target to the next.
 */
export function contractTarget(): Promise<ContractTarget> {
  const config = inject('contractConfig');
  if (shared[KEY]?.runDir !== config.runDir)
    shared[KEY] = { runDir: config.runDir, target: createTarget(config) };
  return shared[KEY].target;
}

function emptyTarget(baseUrl: string): TargetFile {
  return { name: 'unnamed', description: `No target file: everything is discovered from ${baseUrl}.` };
}

type ClientFor = (transport: Transport, perMinute: number, apiKey?: string) => ContractClient;
/** How the run reaches its target, and which statuses it can provoke there. */
type Connection = Pick<
  ContractTarget,
  'label' | 'client' | 'authClient' | 'rateLimitClient' | 'validKey' | 'cannot' | 'rateLimit'
> & { limiter: string };

/**
 * The mock's main app with its limits off; 401, 403 and 429 come from small apps made for them.
 * The mock is handed over by whoever runs the suite (contract-tests/in-process.ts).
 */
function inProcess(clientFor: ClientFor): Connection {
  const mock = inProcessMock();
  const quiet = { rateLimit: 0, rateLimitKey: 0 };
  const tiny = { anonymous: 2, keyed: 2 };
  const keyed = mock.listener({ ...quiet, apiKeys: [MOCK_VALID_KEY], requireApiKey: true });
  const limited = mock.listener({
    apiKeys: [MOCK_VALID_KEY],
    rateLimit: tiny.anonymous,
    rateLimitKey: tiny.keyed,
  });
  return {
    label: 'the in-process mock (createMockApp, default world)',
    client: clientFor(httpTransport(mock.listener(quiet)), 0),
    authClient: clientFor(httpTransport(keyed), 0),
    rateLimitClient: clientFor(httpTransport(limited), 0),
    validKey: MOCK_VALID_KEY,
    cannot: {},
    rateLimit: tiny,
    limiter: 'off (in-process)',
  };
}

/** A live server or Prism over HTTP, at the target's limits; 401, 403 and 429 only where the target file and the run allow. */
function overHttp(
  config: RunConfig,
  file: TargetFile,
  limits: Connection['rateLimit'],
  clientFor: ClientFor,
): Connection {
  const baseUrl = config.baseUrl as string;
  const perMinute =
    config.requestsPerMinute ??
    (config.kind === 'prism' ? 0 : config.apiKey ? limits.keyed : limits.anonymous);
  const client = clientFor(httpTransport(baseUrl), perMinute, config.apiKey);
  // The environment overrides the file for one run; what neither says is not provoked.
  const auth = { ...file.auth, ...config.auth };
  const validKey = config.apiKey ?? (auth.anyKeyAccepted ? MADE_UP_KEY : undefined);
  return {
    label: `${config.kind === 'prism' ? 'Prism' : 'live'} ${baseUrl}`,
    client,
    authClient: client,
    rateLimitClient: client,
    ...(validKey ? { validKey } : {}),
    cannot: {
      ...(auth.keyRequired
        ? {}
        : {
            unauthorized: `the target does not require keys: its target file (${file.name}) does not say auth.keyRequired, nor does CONTRACT_KEY_REQUIRED=1`,
          }),
      ...(auth.invalidKeyRejected
        ? {}
        : {
            forbidden: `the target has no keys configured: its target file (${file.name}) does not say auth.invalidKeyRejected, nor does CONTRACT_INVALID_KEY_REJECTED=1`,
          }),
      ...(config.rateLimitTest
        ? {}
        : { rateLimit: 'it spends the quota: set CONTRACT_RATE_LIMIT_TEST=1 to provoke 429' }),
      // Only the mock (it serves /_mock/world) answers `Prefer: code=500`.
      ...(config.mockWorld
        ? {}
        : {
            serverError:
              'only the mock can be asked for a server error (Prefer: code=500); this target is not the mock',
          }),
    },
    rateLimit: limits,
    limiter: perMinute > 0 ? `${perMinute} requests per minute` : 'off',
  };
}

async function createTarget(config: RunConfig): Promise<ContractTarget> {
  const log = new ExchangeLog(config.runDir);
  const file =
    config.target ??
    (config.targetFile ? loadTargetFile(config.targetFile) : emptyTarget(config.baseUrl ?? ''));
  const budget = new RequestBudget(config.maxRequests);
  const limits = {
    anonymous: file.rateLimit?.anonymousPerMinute ?? DOCUMENTED_PER_MINUTE.anonymous,
    keyed: file.rateLimit?.keyedPerMinute ?? DOCUMENTED_PER_MINUTE.keyed,
  };
  // One budget and one log for every client, so MAX_REQUESTS and the report cover them all.
  const clientFor: ClientFor = (transport, perMinute, apiKey) =>
    new ContractClient({
      transport,
      limiter: new Limiter(perMinute, realClock, (left, why) =>
        process.stderr.write(
          `contract suite: waiting for rate-limit quota, ${Math.ceil(left / 1000)} s left (${why}); ${budget.spent} requests sent so far\n`,
        ),
      ),
      budget,
      log,
      timeoutMs: config.timeoutMs,
      maxRetryAfterMs: config.maxRetryAfterMs,
      ...(apiKey ? { apiKey } : {}),
    });
  const { limiter, ...connection } =
    config.kind === 'mock' ? inProcess(clientFor) : overHttp(config, file, limits, clientFor);
  // The in-process mocks' engines start on this thread: the first request waits until they have.
  if (config.kind === 'mock') await inProcessMock().ready();
  const fileName = config.targetFile ? shownPath(config.targetFile) : '(none)';
  const release = await readRelease(connection.client);
  log.write({
    kind: 'run',
    target: connection.label,
    release: `${describeRelease(release)}; server_version "${release.serverVersion}"`,
    targetFile: `${fileName} — ${config.targetFileOrigin}`,
    ...(config.notices.length ? { notices: config.notices } : {}),
    limiter,
    maxRequests: config.maxRequests,
  });
  let data: Promise<TargetData> | undefined;
  return {
    ...connection,
    config,
    kind: config.kind,
    file,
    coherent: (file.world ?? 'coherent') === 'coherent',
    log,
    release,
    data: () => (data ??= discoverTargetData(file, connection.client, log)),
  };
}
