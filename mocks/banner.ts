import { listOperations, urlFor } from '../spec/load.ts';
import { operationsOf } from '../spec/releases/releases.ts';
import { keyMode } from './http/keys.ts';
import type { MockOptions } from './options.ts';
import { sampleUrls } from './sample-urls.ts';
import type { WorldCatalogue } from './query/catalogue.ts';
import type { WorldQueries } from './query/world-queries.ts';

/** What the mock prints on start: where it listens, and real entities of this world to try. */
export function banner(url: string, queries: WorldQueries, options: MockOptions, startMs: number): string {
  const catalogue = queries.catalogue();
  const { addresses, transactions } = catalogue;
  const perMinute = (n: number): string => (n === 0 ? 'unlimited' : `${n} req/min`);
  const limits =
    options.rateLimit === 0 && options.rateLimitKey === 0
      ? 'none (--rate-limit hosted emulates the hosted gateway)'
      : `${perMinute(options.rateLimit)} per IP without a key, ${perMinute(options.rateLimitKey)} per key`;
  // An operation the release does not serve answers 404 there: not one to offer.
  const served = new Set(operationsOf(listOperations(), options.apiVersion).map((op) => op.operationId));
  const lines = [
    `Stacks extended API mock listening on ${url}`,
    `  answers as stacks-blockchain-api v${options.apiVersion}${deprecation(options)} (--api-version)`,
    `  ${queries.options.network}, seed ${queries.options.seed}, ${catalogue.blocks} blocks (tip ${catalogue.tip.height}), started in ${Math.round(startMs)} ms`,
    `  API keys: ${keyMode(options)}`,
    `  rate limits: ${limits}`,
    `  spec: ${url}/openapi.yaml   catalogue (what to query): ${url}/_mock/world   all links: ${url}/`,
    `  chain: ${options.blockTime > 0 ? `a block every ${options.blockTime} s` : 'frozen until POST /_mock/mine'}; control plane ${controlMode(options)} (${url}/_mock/openapi.yaml)`,
    `  faucet: ${faucet(url, queries.options.network, addresses.stx_activity, served.has('run_faucet_stx'))}`,
    '',
    'Try:',
    ...Object.entries(sampleUrls(queries, urlFor))
      .filter(([id]) => served.has(id))
      .map(([, path]) => `  curl '${url}${path}'`),
    `  curl -H 'Prefer: code=429' ${url}/extended        # any documented status on demand`,
    '',
    'Entities:',
    `  addresses  stx ${addresses.stx_activity}  ft ${addresses.ft_activity}  nft ${addresses.nft_activity}`,
    `             locked STX ${addresses.locked_stx}  vesting ${addresses.vesting}`,
    `  contract   ${addresses.contract_principal}`,
    ...Object.entries(transactions.by_type).map(
      ([type, ids]) => `  ${type.padEnd(18)} ${ids[0] ?? '(none)'}`,
    ),
    ...declaredLines(catalogue.declared, options.world),
  ];
  return lines.join('\n');
}

/** How to fund a key: the testnet faucet, as the real testnet service has it. */
function faucet(url: string, network: string, address: string, served: boolean): string {
  if (!served) return 'none in this release';
  if (network !== 'testnet') return 'testnet only, as the real service (--network testnet)';
  return `curl -X POST '${url}/extended/v1/faucets/stx?address=${address}'   # 500 STX, mined by the next block`;
}

function deprecation(options: MockOptions): string {
  if (options.deprecated === 'warn') return '';
  return options.deprecated === 'gone'
    ? ', its deprecated operations gone (410)'
    : `, ${options.deprecated.slice('gone:'.length)} gone (410)`;
}

/** The world file's own accounts, by name: the first things its author will query. */
function declaredLines(declared: WorldCatalogue['declared'], file: string | undefined): string[] {
  if (!file) return [];
  return [
    '',
    `Your world (${file}):`,
    ...declared.accounts.map(
      (a) =>
        `  ${a.name.padEnd(18)} ${a.address}${a.test_key === undefined ? '' : `  test key ${a.test_key} (testing only)`}`,
    ),
    ...declared.tokens.map((t) => `  ${t.kind.padEnd(18)} ${t.asset}`),
  ];
}

function controlMode(options: MockOptions): string {
  if (options.controlToken) return 'needs X-Control-Token';
  return ['127.0.0.1', '::1', 'localhost'].includes(options.host)
    ? 'open on loopback'
    : 'off (no --control-token)';
}
