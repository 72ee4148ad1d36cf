import type { MockOptions } from './options.ts';
import { sampleUrls } from './sample-urls.ts';
import type { World } from './operations/world.ts';

/** What the mock prints on start: where it listens, and real entities of this world to try. */
export function banner(url: string, world: World, options: MockOptions, startMs: number): string {
  const index = world.index();
  const { addresses, transactions } = index;
  const perMinute = (n: number): string => (n === 0 ? 'unlimited' : `${n} req/min`);
  const limits = `${perMinute(options.rateLimit)} per IP without a key, ${perMinute(options.rateLimitKey)} per key`;
  const lines = [
    `Stacks extended API mock listening on ${url}`,
    `  ${options.network}, seed ${options.seed}, ${index.blocks} blocks (tip ${index.tip.height}), started in ${Math.round(startMs)} ms`,
    `  API keys: ${keyMode(options)}`,
    `  rate limits: ${limits}`,
    `  spec: ${url}/openapi.yaml   world index (what to query): ${url}/_mock/world   all links: ${url}/`,
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

/** Which of the three key modes is on, in the words the README's table uses. */
export function keyMode(options: Pick<MockOptions, 'apiKeys' | 'requireApiKey'>): string {
  const missing = options.requireApiKey ? 'a request without a key gets 401' : 'no key needed';
  const sent = options.apiKeys.length
    ? `${options.apiKeys.length} configured, any other key gets 403`
    : 'any key accepted (counted per key)';
  return `${missing}; ${sent}`;
}
