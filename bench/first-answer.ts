import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { nodeRelease, packAndInstall } from '../packaging/install-package.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { markdownTable } from './lib/markdown.ts';
import { endBenchReport, runBench } from './lib/results.ts';
import { benchSettings, exitOnSignals } from './lib/settings.ts';
import { ceilingCell, ceilingVerdict, under, withinTwiceBoot, type Ceiling } from './lib/start-ceilings.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { cliFirstAnswer, nodeBoot, prismFirstAnswerMs, warmStart, type Timing } from './lib/start-probes.ts';
import { median } from './lib/world-scaling-report.ts';

const RESULTS = 'first-answer.md';
const given = benchSettings(
  defineCommand({
    name: 'first-answer',
    usage: 'npx tsx bench/first-answer.ts [flags]',
    about: ["The installed package's first answer: its CLI, and startMock in a process that imported it."],
    options: {
      runs: {
        type: 'integer',
        env: 'BENCH_RUNS',
        min: 1,
        default: 9,
        description: "rounds of node's boot, the CLI and a warm process; the median of each is kept",
      },
      'prism-runs': {
        type: 'integer',
        env: 'BENCH_PRISM_RUNS',
        min: 0,
        default: 3,
        description: 'rounds of Prism, which takes seconds a start: there for reference only (0: left out)',
      },
      tarball: {
        type: 'path',
        env: 'BENCH_TARBALL',
        description: "an earlier build's tarball instead of packing this tree (before/after)",
      },
    },
  }),
);
const RUNS = given.runs;
const PRISM_RUNS = given['prism-runs'];
/** startMock calls per warm process: the first after the import, then the same process again. */
const WARM_CALLS = 5;

/** From issues 23 and 39: the installed CLI's first answer, and startMock in a process that imported the package. */
const CEILING = { cliMs: 250, startMockMs: 100 };

interface Row {
  what: string;
  runs: Timing[];
  ceilingMs?: number;
  /** Node's own boot in the same run, on the same Node: the median must also be at most twice it. */
  boot?: Timing;
}

/** A Node to start the CLI on: this one, and the registry's Node 22 and Node 24 beside it. */
interface Runtime {
  version: string;
  node: string;
  boot: Timing[];
  cli: Timing[];
}

/** Other Node release lines the CLI must start quickly on (the registry's binary packages: nodeRelease). */
const OTHER_NODES = [22, 24];

/** This Node and the other release lines' binaries, fetched while the package packs and installs. */
async function runtimes(): Promise<Runtime[]> {
  const here = process.versions.node.split('.')[0];
  const nodes = [process.execPath];
  const others = OTHER_NODES.filter((major) => String(major) !== here);
  const releases = await Promise.all(others.map(nodeRelease));
  for (const [i, release] of releases.entries()) {
    const major = others[i] as number;
    if ('node' in release) nodes.push(release.node);
    else console.log(`node ${major} left out: ${release.unavailable}`);
  }
  return nodes.map((node) => ({
    node,
    version: execFileSync(node, ['--version'], { encoding: 'utf8' }).trim(),
    boot: [],
    cli: [],
  }));
}

function medianOf(runs: Timing[]): Timing {
  return {
    wallMs: median(runs, (r) => r.wallMs).wallMs,
    cpuMs: runs.some((r) => Number.isNaN(r.cpuMs)) ? NaN : median(runs, (r) => r.cpuMs).cpuMs,
  };
}

/** A row's two ceilings, each on its own: under its milliseconds, and within twice node's boot. */
function ceilingsOf(row: Row): { under?: Ceiling; twiceBoot?: Ceiling } {
  const mid = medianOf(row.runs).wallMs;
  return {
    ...(row.ceilingMs === undefined ? {} : { under: under(mid, row.ceilingMs) }),
    ...(row.boot === undefined ? {} : { twiceBoot: withinTwiceBoot(mid, row.boot.wallMs) }),
  };
}

function ms(n: number): string {
  return n.toFixed(0);
}

/** The median over node's boot, wall-clock and CPU: `3.8× (CPU 5.3×)`. */
function timesBoot(row: Row): string {
  if (!row.boot) return '';
  const mid = medianOf(row.runs);
  return `${(mid.wallMs / row.boot.wallMs).toFixed(1)}× (CPU ${(mid.cpuMs / row.boot.cpuMs).toFixed(1)}×)`;
}

function tableOf(rows: Row[]): string {
  return markdownTable(
    [
      'start',
      'median ms',
      'runs (ms)',
      'median CPU ms',
      '× node’s boot',
      'ceiling ms',
      'ceiling: 2× node’s boot',
    ],
    rows.map((row) => {
      const mid = medianOf(row.runs);
      const ceilings = ceilingsOf(row);
      return [
        row.what,
        ms(mid.wallMs),
        row.runs
          .map((r) => r.wallMs)
          .sort((a, b) => a - b)
          .map(ms)
          .join(', '),
        Number.isNaN(mid.cpuMs) ? '' : ms(mid.cpuMs),
        timesBoot(row),
        ceilingCell(ceilings.under),
        ceilingCell(ceilings.twiceBoot),
      ];
    }),
  );
}

/**
 * From the packed tarball installed in an empty project, side by side in one run: node's own
 * boot, the CLI from spawn to its first 200 (default world), `import 'stacks-api-mock'`,
 * `startMock` from call to listening in a process that has imported the package, and Prism from
 * spawn to its first 200. The rounds interleave, so a change of load falls on all alike.
 * Exits 1 when a median misses a ceiling.
 */
async function main(): Promise<void> {
  exitOnSignals();
  const fetched = runtimes();
  const installed = await packAndInstall(given.tarball);
  const nodes = await fetched;
  const loadBefore = loadLine();
  const imports: Timing[] = [];
  const firstCalls: Timing[] = [];
  const laterCalls: Timing[] = [];
  const prism: Timing[] = [];
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const runtime of nodes) {
        runtime.boot.push(await nodeBoot(runtime.node));
        runtime.cli.push(await cliFirstAnswer(installed.dir, runtime.node));
      }
      const warm = await warmStart(installed.dir, WARM_CALLS);
      imports.push(warm.import);
      firstCalls.push(warm.calls[0] as Timing);
      laterCalls.push(median(warm.calls.slice(1), (r) => r.wallMs));
      console.log(
        `round ${round + 1}: ${nodes.map((r) => `${r.version} node ${ms(r.boot.at(-1)!.wallMs)} ms, CLI ${ms(r.cli.at(-1)!.wallMs)} ms`).join('; ')}; import ${ms(warm.import.wallMs)} ms, startMock ${warm.calls.map((c) => ms(c.wallMs)).join(', ')} ms`,
      );
    }
    for (let round = 0; round < PRISM_RUNS; round++) {
      prism.push({ wallMs: await prismFirstAnswerMs(), cpuMs: NaN });
      console.log(`Prism ${round + 1}: ${ms(prism.at(-1)!.wallMs)} ms`);
    }
  } finally {
    rmSync(installed.dir, { recursive: true, force: true });
  }
  const loadAfter = loadLine().replace('before the run', 'after the run');
  const rows: Row[] = [
    ...nodes.flatMap((r): Row[] => [
      { what: `node -e (node’s boot), ${r.version}`, runs: r.boot },
      {
        what: `stacks-api-mock CLI, spawn → first 200, ${r.version}`,
        runs: r.cli,
        ceilingMs: CEILING.cliMs,
        boot: medianOf(r.boot),
      },
    ]),
    { what: "import 'stacks-api-mock'", runs: imports },
    { what: 'startMock, first call after the import', runs: firstCalls, ceilingMs: CEILING.startMockMs },
    {
      what: `startMock, calls 2-${WARM_CALLS} (median per process)`,
      runs: laterCalls,
      ceilingMs: CEILING.startMockMs,
    },
    ...(prism.length > 0 ? [{ what: 'prism mock, spawn → first 200', runs: prism }] : []),
  ];
  const table = tableOf(rows);
  const verdict = ceilingVerdict(
    rows.map((row) => {
      const { under: below, twiceBoot } = ceilingsOf(row);
      return {
        what: row.what,
        medianMs: medianOf(row.runs).wallMs,
        ceilings: [below, twiceBoot].flatMap((c) => c ?? []),
      };
    }),
  );
  endBenchReport(
    RESULTS,
    {
      title: 'Start: node’s boot, the installed CLI’s first answer, startMock, Prism',
      header: [
        machineLine(),
        `${loadBefore}; ${loadAfter}`,
        `Tarball ${(installed.tarballBytes / 1024).toFixed(0)} KiB, installed into an empty project. ${RUNS} rounds of node and the CLI on each Node (${nodes.map((r) => r.version).join(', ')}; the others from the registry's Node binary packages; on a Node other than the build's, the CLI's first start writes that Node's own code cache, which the next read), and a warm process (each a fresh process: the import, then ${WARM_CALLS} startMock calls, each closed before the next), interleaved; then ${PRISM_RUNS} Prism starts. Medians; the default world; \`--port 0 --quiet\` for the CLI, \`{ port: 0, quiet: true }\` for startMock. CPU time is the started process's user + system time over the same stretch (the CLI's read from /proc as its first 200 arrives; node's boot and the warm process's from \`process.cpuUsage()\`); on a loaded machine wall-clock time stretches, CPU time much less. The ceilings hold the wall-clock median, each on its own (a miss of either is a miss): the CLI's first answer under 250 ms, and at most twice node's own boot on the same Node in the same run (issue 39); startMock under 100 ms.`,
      ],
      table,
      verdict,
    },
    verdict !== 'Ceilings met.',
  );
}

void runBench(main);
