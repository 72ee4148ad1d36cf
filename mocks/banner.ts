import type { MockOptions } from './options.ts';
import { sampleUrls } from './sample-urls.ts';
import type { World } from './operations/world.ts';

/** What the mock prints on start: where it listens, and real entities of this world to try. */
export function banner(url: string, world: World, options: MockOptions, startMs: number): string {
  const index = world.index();
  const { addresses, transactions } = index;
  const limits = `${options.rateLimit || 'no'} req/min per IP without a key, ${options.rateLimitKey || 'no'} per key`;
  const keys = options.requireApiKey
    ? 'required (X-API-Key)'
    : options.apiKeys.length
      ? 'optional (X-API-Key)'
      : 'none configured (any key gets 403)';
  const lines = [
    `Stacks extended API mock listening on ${url}`,
    `  ${options.network}, seed ${options.seed}, ${index.blocks} blocks (tip ${index.tip.height}), started in ${Math.round(startMs)} ms`,
    `  API keys: ${keys}; rate limits: ${limits}`,
    `  spec: ${url}/openapi.yaml   world index (what to query): ${url}/_mock/world`,
    '',
    'Try:',
    ...Object.values(sampleUrls(world)).map((path) => `  curl '${url}${path}'`),
    `  curl -H 'Prefer: code=429' ${url}/extended        # any documented status on demand`,
    '',
    'Entities:',
    `  addresses  stx ${addresses.stx_activity}  ft ${addresses.ft_activity}  nft ${addresses.nft_activity}`,
    `             locked STX ${addresses.locked_stx}  vesting ${addresses.vesting}`,
    `  contract   ${addresses.contract_principal}`,
    ...Object.entries(transactions.by_type).map(
      ([type, ids]) => `  ${type.padEnd(18)} ${ids[0] ?? '(none)'}`,
    ),
  ];
  return lines.join('\n');
}
