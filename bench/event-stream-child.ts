// One export in a fresh process, for bench/event-stream.ts: prints its times and memory as JSON.
import { createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { writeEventStream } from '../mocks/event-stream/export-stream.ts';
import { buildChain } from '../mocks/world/generate/build-chain.ts';
import { MIN_BLOCKS, resolveOptions } from '../mocks/world/options.ts';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { benchSettings } from './lib/settings.ts';

function mb(n: number): number {
  return Math.round((n / 2 ** 20) * 10) / 10;
}

const { blocks, out, mode } = benchSettings(
  defineCommand({
    name: 'event-stream-child',
    usage:
      'node --expose-gc --import tsx bench/event-stream-child.ts --blocks N --out FILE --mode time|memory',
    options: {
      blocks: { type: 'integer', min: MIN_BLOCKS, required: true, description: 'the world size' },
      out: { type: 'path', required: true, placeholder: 'FILE', description: 'where the TSV goes' },
      mode: {
        type: 'string',
        choices: ['time', 'memory'],
        required: true,
        description:
          'time: no memory samples (their collections slow the export); memory: a sample every 250 ms',
      },
    },
  }),
);
const began = performance.now();
const cpuBegan = process.cpuUsage();
const chain = buildChain(resolveOptions({ blocks }));
const built = performance.now();
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
let rssPeak = process.memoryUsage().rss;
// Live heap: collected first, so what is left is what the export holds, not garbage awaiting a GC.
// The collections slow the export, so a `time` run takes no samples.
const sampler = setInterval(() => {
  if (mode === 'time') return;
  global.gc?.();
  const m = process.memoryUsage();
  heapPeak = Math.max(heapPeak, m.heapUsed);
  rssPeak = Math.max(rssPeak, m.rss);
}, 250);
const file = createWriteStream(out);
// The export alone, without an engine's replay of the chain: each interface read from its source.
const counts = await writeEventStream(chain, file, () => undefined);
file.end();
await once(file, 'finish');
clearInterval(sampler);
const done = performance.now();
const cpu = process.cpuUsage(cpuBegan);
process.stdout.write(
  `${JSON.stringify({
    blocks,
    transactions: chain.txs.count,
    messages: Object.values(counts).reduce((a, b) => a + b, 0),
    bytesMB: mb(statSync(out).size),
    buildMs: Math.round(built - began),
    writeMs: Math.round(done - built),
    totalMs: Math.round(done - began),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapAfterBuildMB: mb(heapBefore),
    liveHeapAddedWhileWritingMB: mb(heapPeak - heapBefore),
    rssPeakMB: mb(rssPeak),
  })}\n`,
);
