import { parseArgs } from 'node:util';
import type { GoldenWorld } from './golden.ts';
import { runDifferential } from './run.ts';

const USAGE = [
  'Usage: make differential REAL_URL=http://127.0.0.1:3999 [ARGS="--name default-mainnet --golden"]',
  '       npx tsx differential/cli.ts --real URL [--seed N] [--network mainnet|testnet] [--blocks N] [--world FILE]',
  '                                   [--deprecated gone] (against a real service started with its deprecated endpoints disabled)',
  '                                   [--name NAME] [--golden [--refresh]] [--concurrency N] [--report-dir DIR]',
  '',
  '  Sends the same requests to the mock (in-process, this world) and to the real service at URL, which',
  '  must already serve this world: `npm run mock -- event-stream --out chain.tsv` with the same world',
  "  flags, imported with the real service's `import-events --file chain.tsv --wipe-db --force`.",
  "  The mock answers as the real service's release (its /extended server_version). Writes",
  '  reports/differential-RELEASE-NAME.md; --golden also records the real answers as fixtures/golden/RELEASE/NAME.json.',
  '  --refresh asks only the requests that golden file holds, and records their answers again.',
].join('\n');

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        real: { type: 'string' },
        seed: { type: 'string' },
        network: { type: 'string' },
        blocks: { type: 'string' },
        world: { type: 'string' },
        deprecated: { type: 'string' },
        name: { type: 'string' },
        golden: { type: 'boolean' },
        refresh: { type: 'boolean' },
        concurrency: { type: 'string' },
        'report-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const realUrl = values.real ?? process.env.REAL_URL;
  if (!realUrl || !/^https?:\/\/[^/]+$/.test(realUrl.replace(/\/$/, ''))) {
    process.stderr.write(
      `the differential needs --real URL (or REAL_URL), the real service's base URL, got "${realUrl ?? ''}"\n\n${USAGE}\n`,
    );
    return 2;
  }
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new Error(`--${name} needs a non-negative integer, got "${v}"`);
    return Number(v);
  };
  try {
    const network = values.network;
    if (network !== undefined && network !== 'mainnet' && network !== 'testnet')
      throw new Error(`--network needs mainnet or testnet, got "${network}"`);
    const world: GoldenWorld = {
      ...(values.seed !== undefined && { seed: int('seed', values.seed) }),
      ...(network && { network: network as 'mainnet' | 'testnet' }),
      ...(values.blocks !== undefined && { blocks: int('blocks', values.blocks) }),
      ...(values.world && { world: values.world }),
      ...(values.deprecated && { deprecated: values.deprecated }),
    };
    const result = await runDifferential({
      realUrl: realUrl.replace(/\/$/, ''),
      world,
      name: values.name ?? 'run',
      golden: values.golden ?? false,
      refresh: values.refresh ?? false,
      concurrency: int('concurrency', values.concurrency) ?? 8,
      reportDir: values['report-dir'] ?? 'reports',
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(result.report);
    return 0;
  } catch (err) {
    process.stderr.write(`differential: ${(err as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
