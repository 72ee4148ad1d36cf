import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CODE_CACHE_WRITE,
  codeCacheLabelOf,
  codeCacheOf,
  compileBundle,
  type CodeCacheLabel,
} from '../bin/code-cache.ts';
import { exitOf, listeningUrl, runIn } from '../packaging/install-package.ts';
import { httpClient } from '../spec/http/client.ts';

/**
 * The mock bin's V8 code cache (bin/stacks-api-mock.ts): one run of the built bin on the default
 * world, asked for its first answer, then stopped, writes what it compiled beside its bundle;
 * then V8 must take it, or the start would silently compile everything again. Its label says
 * which V8 wrote it and names the bundle, for the caches other Nodes write for themselves.
 */
export async function writeCodeCache(dist: string): Promise<void> {
  const bin = join(dist, 'bin/stacks-api-mock.cjs');
  const run = runIn(dist, process.execPath, [bin, '--port', '0', '--quiet'], { [CODE_CACHE_WRITE]: '1' });
  const url = await listeningUrl(run);
  const res = await httpClient(url, { keepAlive: false }).get('/extended');
  if (res.status !== 200) throw new Error(`the built mock answered GET /extended with ${res.status}`);
  run.child.kill('SIGTERM');
  const code = await exitOf(run);
  const bundle = join(dist, 'bin/mock-cli.cjs');
  const cache = codeCacheOf(bundle);
  if (code !== 0 || !existsSync(cache))
    throw new Error(`the built mock wrote no code cache (exit ${code}); its output:\n${run.output()}`);
  if (compileBundle(bundle, readFileSync(cache)).cachedDataRejected)
    throw new Error(`V8 rejects the code cache the built mock wrote (${cache})`);
  const bytes = readFileSync(bundle);
  const beyondAscii = bytes.findIndex((byte) => byte > 0x7f);
  if (beyondAscii >= 0)
    throw new Error(
      `${bundle} holds a character past ASCII (${JSON.stringify(bytes.subarray(beyondAscii - 40, beyondAscii + 8).toString())}): write it as an escape, or every start reads the bundle as two bytes a character`,
    );
  const label: CodeCacheLabel = {
    v8: process.versions.v8,
    bundle: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
  };
  writeFileSync(codeCacheLabelOf(bundle), `${JSON.stringify(label)}\n`);
}
