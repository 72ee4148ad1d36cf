import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listeningUrl, packAndInstall, runIn, stop } from '../packaging/install-package.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { median } from './lib/world-scaling-report.ts';

/** The installed package's mock must answer its first request within this of being started. */
const CEILING_MS = 1_000;
const RUNS = 5;

/**
 * From the tarball installed in an empty project: the time from starting `stacks-api-mock`
 * (node on the package's bin, as npx ends up running it) to its first answer of GET /extended,
 * default world. Prints each run and the median beside the ceiling.
 */
async function firstAnswerMs(dir: string): Promise<number> {
  const bin = join(dir, 'node_modules/stacks-api-mock/dist/bin/stacks-api-mock.js');
  const began = performance.now();
  const mock = runIn(dir, process.execPath, [bin, '--port', '0', '--quiet']);
  try {
    const url = await listeningUrl(mock);
    const res = await fetch(`${url}/extended`);
    if (res.status !== 200) throw new Error(`GET /extended answered ${res.status}`);
    return performance.now() - began;
  } finally {
    await stop(mock);
  }
}

const installed = packAndInstall();
try {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await firstAnswerMs(installed.dir));
  const mid = median(runs, (ms) => ms);
  console.log(machineLine());
  console.log(loadLine());
  console.log(`tarball: ${(installed.tarballBytes / 1024).toFixed(0)} KiB`);
  console.log(`runs (ms): ${runs.map((ms) => ms.toFixed(0)).join(', ')}`);
  console.log(
    `first answer from the installed package: median ${mid.toFixed(0)} ms, ceiling ${CEILING_MS} ms — ${mid < CEILING_MS ? 'within' : 'OVER'}`,
  );
} finally {
  rmSync(installed.dir, { recursive: true, force: true });
}
