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

function run(url: string, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    // A stuck request counts as an error instead of stalling the run.
    timeout: 10,
    headers: { accept: 'application/json' },
  });
}

/** A warm-up (JIT, caches, connection setup) whose figures are dropped, then the measured run. */
export async function measure(url: string, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) await run(url, settings.connections, settings.warmupSeconds);
  const r = await run(url, settings.connections, settings.seconds);
  return {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
