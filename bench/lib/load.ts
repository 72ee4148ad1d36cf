import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds, over 2xx answers only (autocannon records no latency for the others). */
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

function run(
  url: string,
  connections: number,
  seconds: number,
  paths?: readonly string[],
): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    // A stuck request counts as an error instead of stalling the run.
    timeout: 10,
    headers: { accept: 'application/json' },
    // Each connection asks the paths in turn.
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  });
}

/** A warm-up (JIT, caches, connection setup) whose figures are dropped, then the measured run. */
export async function measure(url: string, settings: LoadSettings): Promise<LoadResult> {
  return measureMix(url, undefined, settings);
}

/** `measure` of several paths of one server at once, each connection asking them in turn. */
export async function measureMix(
  url: string,
  paths: readonly string[] | undefined,
  settings: LoadSettings,
): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) await run(url, settings.connections, settings.warmupSeconds, paths);
  const r = await run(url, settings.connections, settings.seconds, paths);
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
