// One export in a fresh process, for bench/event-stream.ts: prints its times and memory as JSON.
import { createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { writeEventStream } from '../mocks/event-stream/export-stream.ts';
import { buildChain } from '../mocks/world/generate/build-chain.ts';
import { resolveOptions } from '../mocks/world/options.ts';

function mb(n: number): number {
  return Math.round((n / 2 ** 20) * 10) / 10;
}

const [blocks, out] = [Number(process.argv[2]), process.argv[3] as string];
const began = performance.now();
const chain = buildChain(resolveOptions({ blocks }));
const built = performance.now();
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
let rssPeak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  heapPeak = Math.max(heapPeak, m.heapUsed);
  rssPeak = Math.max(rssPeak, m.rss);
}, 5);
const file = createWriteStream(out);
const counts = await writeEventStream(chain, file);
file.end();
await once(file, 'finish');
clearInterval(sampler);
const done = performance.now();
process.stdout.write(
  `${JSON.stringify({
    blocks,
    transactions: chain.txs.count,
    messages: Object.values(counts).reduce((a, b) => a + b, 0),
    bytesMB: mb(statSync(out).size),
    buildMs: Math.round(built - began),
    writeMs: Math.round(done - built),
    totalMs: Math.round(done - began),
    heapAfterBuildMB: mb(heapBefore),
    heapGrowthWhileWritingMB: mb(heapPeak - heapBefore),
    rssPeakMB: mb(rssPeak),
  })}\n`,
);
