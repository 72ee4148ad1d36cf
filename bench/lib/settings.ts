/** A whole number of seconds from the environment, within bounds so a typo cannot run for hours. */
export function secondsFromEnv(
  name: string,
  fallback: number,
  max = 600,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw new Error(`${name} must be a whole number of seconds from 0 to ${max}, got "${raw}"`);
  return Number(raw);
}

/** Ends this process (and so, through their exit hooks, the children it started) on Ctrl-C or a kill. */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping\n`);
      process.exit(130);
    });
  }
}
