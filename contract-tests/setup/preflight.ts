import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, SETTINGS_AS_FLAGS } from '../../spec/commands.ts';
import { shownPath, type RunConfig } from '../config.ts';
import { isLoopbackUrl } from '../../spec/loopback.ts';
import { inProcessMock } from '../in-process.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { httpTransport, type Transport } from '../http/transport.ts';
import { probeAuth, readMockWorld, type Auth, type MockWorld } from '../targets/probe.ts';
import { loadTargetFile, type TargetFile } from '../targets/target-file.ts';
import { urlFor } from '../../spec/load.ts';

/** A run that cannot start: one line that names the problem and its fix. */
export class PreflightError extends Error {}

/** The longest the preflight waits for one answer: it only asks whether the target is there. */
const PROBE_TIMEOUT_MS = 10_000;

async function reach(transport: Transport, baseUrl: string, timeoutMs: number): Promise<HttpResponse> {
  let res: HttpResponse;
  try {
    res = await transport(
      { method: 'GET', target: '/extended', headers: { Accept: 'application/json' } },
      timeoutMs,
    );
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new PreflightError(
      `cannot reach ${baseUrl} (${why}): start the target (\`${COMMANDS.mock}\` in another terminal) or correct ${SETTINGS_AS_FLAGS ? '--base-url' : 'BASE_URL'}`,
    );
  }
  if (res.status === 404)
    throw new PreflightError(
      `${baseUrl} answers 404 to GET /extended: BASE_URL must be the service's base address (without /extended)`,
    );
  return res;
}

function sameWorld(a: MockWorld, b: Record<string, unknown>): boolean {
  return a.seed === b.seed && a.network === b.network && a.blocks === b.blocks;
}
function describeWorld(w: MockWorld | Record<string, unknown>): string {
  return `seed ${String(w.seed)}, ${String(w.network)}, ${String(w.blocks)} blocks`;
}

/** Where the target file and the target it describes disagree, each in one sentence. */
async function disagreements(
  file: TargetFile,
  fileName: string,
  transport: Transport,
  config: RunConfig,
  world: MockWorld | undefined,
): Promise<string[]> {
  const out: string[] = [];
  const from = file.generated?.from;
  if (world && from && !sameWorld(world, from))
    out.push(
      `the target file ${fileName} describes a mock world (${describeWorld(from)}) but ${config.baseUrl} serves another (${describeWorld(world)}): tests will look for what is not there; leave TARGET unset to build the target from /_mock/world`,
    );
  const block = file.blocks?.[0];
  if (block) {
    const res = await transport(
      { method: 'GET', target: urlFor('get_block', { path: { height_or_hash: block.height } }) },
      PROBE_TIMEOUT_MS,
    );
    const hash = res.status === 200 ? (JSON.parse(res.text) as { hash?: unknown }).hash : undefined;
    if (res.status === 200 && hash !== block.hash)
      out.push(
        `the target file ${fileName} lists block ${block.height} as ${block.hash}, but ${config.baseUrl} has ${String(hash)}: is it the file of another network or deployment?`,
      );
    if (res.status === 404)
      out.push(
        `the target file ${fileName} lists block ${block.height}, which ${config.baseUrl} does not have: is it the file of another network or deployment?`,
      );
  }
  const said: Auth = { ...file.auth, ...config.auth };
  const seen = await probeAuth(transport, PROBE_TIMEOUT_MS);
  for (const key of ['keyRequired', 'invalidKeyRejected', 'anyKeyAccepted'] as const) {
    if (said[key] !== undefined && Boolean(said[key]) !== seen[key])
      out.push(
        `the target file ${fileName} says auth.${key} is ${String(said[key])}, but ${config.baseUrl} behaves as ${String(seen[key])}: correct the file, or set CONTRACT_KEY_REQUIRED / CONTRACT_INVALID_KEY_REJECTED for this run`,
      );
  }
  return out;
}

/**
 * Before any test of a run against a server: the target answers at all (one error, not a hundred
 * failures), a loopback target with no rate-limit headers runs without the client limiter, a mock
 * without TARGET is described from its own `/_mock/world`, and a target file that disagrees with
 * the target is named once. Returns the configuration the run goes on with.
 */
export async function preflight(config: RunConfig): Promise<RunConfig> {
  if (config.kind !== 'live' || !config.baseUrl) return config;
  const baseUrl = config.baseUrl;
  const transport = httpTransport(baseUrl);
  const timeoutMs = Math.min(config.timeoutMs, PROBE_TIMEOUT_MS);
  const first = await reach(transport, baseUrl, timeoutMs);
  const next: RunConfig = { ...config, notices: [...config.notices] };
  const limit = Number(first.headers['ratelimit-limit']);
  if (isLoopbackUrl(baseUrl) && config.requestsPerMinute === undefined && !(limit > 0)) {
    next.requestsPerMinute = 0;
    next.notices.push(
      `client limiter off: ${baseUrl} is on this machine and sends no rate-limit headers (CONTRACT_RPM sets a limit)`,
    );
  }
  const world = await readMockWorld(transport, timeoutMs);
  if (world) next.mockWorld = world;
  if (!config.targetFile) {
    if (!world || !isLoopbackUrl(baseUrl)) return next;
    const file = await inProcessMock().targetOf(world, {
      name: 'mock-world',
      description: `Built by the contract suite from ${baseUrl}/_mock/world (${describeWorld(world)}).`,
      auth: { ...(await probeAuth(transport, timeoutMs)), ...config.auth },
      ...(limit > 0 ? { rateLimit: { anonymousPerMinute: limit } } : {}),
    });
    mkdirSync(config.runDir, { recursive: true });
    const path = join(config.runDir, 'target-from-mock-world.json');
    writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
    next.targetFile = path;
    // Read back and checked as any target file is; the test worker takes it from the configuration.
    next.target = loadTargetFile(path);
    next.targetFileOrigin = `built from ${baseUrl}/_mock/world (${describeWorld(world)})`;
    return next;
  }
  let file: TargetFile;
  try {
    file = loadTargetFile(config.targetFile);
  } catch (err) {
    throw new PreflightError(err instanceof Error ? err.message.replace(/\n\s*/g, '; ') : String(err));
  }
  next.notices.push(...(await disagreements(file, shownPath(config.targetFile), transport, config, world)));
  next.target = file;
  return next;
}
