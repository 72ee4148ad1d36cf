import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLine, machineLine } from './lib/machine.ts';

/** The default world must export in under this (issue 25). */
const CEILING_MS = 5_000;
const SIZES = [600, 6_000];

/**
 * `event-stream`: the default world's export time beside its ceiling, and the heap the writing
 * adds over the built chain at two world sizes ten times apart: the export streams, so that
 * growth stays flat while the chain grows tenfold. Each size runs in a fresh process.
 */
const dir = mkdtempSync(join(tmpdir(), 'event-stream-bench-'));
try {
  console.log(`# event-stream export — ${machineLine()}; ${loadLine()}`);
  console.log(
    '| blocks | transactions | messages | TSV MB | build ms | write ms | total ms | heap after build MB | heap added while writing MB | peak RSS MB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const runs = SIZES.map((blocks) => {
    const out = execFileSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        join(import.meta.dirname, 'event-stream-child.ts'),
        String(blocks),
        join(dir, `${blocks}.tsv`),
      ],
      { encoding: 'utf8' },
    );
    const r = JSON.parse(out) as Record<string, number>;
    console.log(
      `| ${r.blocks} | ${r.transactions} | ${r.messages} | ${r.bytesMB} | ${r.buildMs} | ${r.writeMs} | ${r.totalMs} | ${r.heapAfterBuildMB} | ${r.heapGrowthWhileWritingMB} | ${r.rssPeakMB} |`,
    );
    return r;
  });
  const [small] = runs as [Record<string, number>];
  console.log(
    `\nDefault world (600 blocks): ${small.totalMs} ms, ceiling ${CEILING_MS} ms: ${(small.totalMs as number) < CEILING_MS ? 'within' : 'OVER'}.`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
