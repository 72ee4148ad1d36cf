import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLine, machineLine } from './lib/machine.ts';

/** The default world must export in under this (issue 25). */
const CEILING_MS = 5_000;
const SIZES = [600, 6_000];

/**
 * `event-stream`: the default world's export time beside its ceiling (a run without memory
 * samples), then the live heap the writing adds over the built chain at two world sizes ten times
 * apart: the export streams, so that stays flat while the chain grows tenfold. Each run is a fresh
 * process.
 */
const dir = mkdtempSync(join(tmpdir(), 'event-stream-bench-'));

function child(blocks: number, mode: 'time' | 'memory'): Record<string, number> {
  const script = join(import.meta.dirname, 'event-stream-child.ts');
  const out = join(dir, `${blocks}.tsv`);
  const args = [
    '--expose-gc',
    '--import',
    'tsx',
    script,
    '--blocks',
    String(blocks),
    '--out',
    out,
    '--mode',
    mode,
  ];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Record<string, number>;
}

try {
  console.log(`# event-stream export — ${machineLine()}; ${loadLine()}\n`);
  const timed = child(600, 'time');
  console.log(
    `Default world (600 blocks, ${timed.transactions} transactions): built in ${timed.buildMs} ms, written in ${timed.writeMs} ms, ${timed.totalMs} ms in all (CPU time ${timed.cpuMs} ms: on a loaded machine the wall time waits for a core); ceiling ${CEILING_MS} ms: wall ${(timed.totalMs as number) < CEILING_MS ? 'within' : 'OVER'}, CPU ${(timed.cpuMs as number) < CEILING_MS ? 'within' : 'OVER'}.\n`,
  );
  console.log('Memory: the live heap, sampled after a collection every 250 ms (which slows these runs).\n');
  console.log(
    '| blocks | transactions | messages | TSV MB | heap after build MB | live heap added while writing MB | peak RSS MB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const blocks of SIZES) {
    const r = child(blocks, 'memory');
    console.log(
      `| ${r.blocks} | ${r.transactions} | ${r.messages} | ${r.bytesMB} | ${r.heapAfterBuildMB} | ${r.liveHeapAddedWhileWritingMB} | ${r.rssPeakMB} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
