import type { MockOptions } from './options.ts';
import type { World } from './world/index.ts';

/** What the mock prints on start: where it listens, and real entities of this world to try. */
export function banner(url: string, world: World, options: MockOptions, startMs: number): string {
  const index = world.index();
  const { addresses, transactions } = index;
  const first = world.transactionsWithTransfers(addresses.stx_activity, { limit: 1, offset: 0, unanchored: false });
  const sampleTx = 'results' in first ? first.results[0]?.tx.tx_id : undefined;
  const mempool = transactions.mempool.pending.slice(0, 2);
  const limits = `${options.rateLimit || 'no'} req/min per IP without a key, ${options.rateLimitKey || 'no'} per key`;
  const keys = options.requireApiKey ? 'required (X-API-Key)' : options.apiKeys.length ? 'optional (X-API-Key)' : 'none configured (any key gets 403)';
  const lines = [
    `Stacks extended API mock listening on ${url}`,
    `  ${options.network}, seed ${options.seed}, ${index.blocks} blocks (tip ${index.tip.height}), started in ${Math.round(startMs)} ms`,
    `  API keys: ${keys}; rate limits: ${limits}`,
    `  spec: ${url}/openapi.yaml   world index (what to query): ${url}/_mock/world`,
    '',
    'Try:',
    `  curl ${url}/extended`,
    `  curl ${url}/extended/v2/blocks/latest`,
    `  curl '${url}/extended/v1/address/${addresses.stx_activity}/transactions_with_transfers?limit=5'`,
    `  curl ${url}/extended/v1/address/${addresses.locked_stx}/balances`,
    ...(sampleTx
      ? [
          `  curl ${url}/extended/v2/addresses/${addresses.stx_activity}/transactions/${sampleTx}/events`,
          `  curl ${url}/extended/v1/address/${addresses.stx_activity}/${sampleTx}/with_transfers`,
        ]
      : []),
    `  curl '${url}/extended/v1/tx/multiple?${mempool.map((id) => `tx_id=${id}`).join('&')}'`,
    `  curl ${url}/extended/v1/tx/mempool/stats`,
    `  curl -H 'Prefer: code=429' ${url}/extended        # any documented status on demand`,
    '',
    'Entities:',
    `  addresses  stx ${addresses.stx_activity}  ft ${addresses.ft_activity}  nft ${addresses.nft_activity}`,
    `             locked STX ${addresses.locked_stx}  vesting ${addresses.vesting}`,
    `  contract   ${addresses.contract_principal}`,
    ...Object.entries(transactions.by_type).map(([type, ids]) => `  ${type.padEnd(18)} ${ids[0] ?? '(none)'}`),
  ];
  return lines.join('\n');
}
