import { cpus, loadavg, platform, release, totalmem } from 'node:os';

/** Where the figures come from, for the results files: they mean little without it. */
export function machineLine(now = new Date()): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${now.toISOString().slice(0, 10)}, Node ${process.version}, ${platform()} ${release()}, ${cores.length} cores (${model}), ${gib} GiB RAM`;
}

/** Other work on the machine skews latency figures; the load average at the start tells a reader. */
export function loadLine(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load average before the run ${one}, ${five}, ${fifteen} (1, 5, 15 min)`;
}
