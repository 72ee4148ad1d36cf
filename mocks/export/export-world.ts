import { stringify } from 'yaml';
import type { WorldCatalogue } from '../query/catalogue.ts';
import { urlFor } from '../../spec/load.ts';

/** Why an export could not be written: one line for the user. */
export class ExportError extends Error {}

interface Balances {
  stx: {
    balance: string;
    locked: string;
    lock_height: number;
    burnchain_lock_height: number;
    burnchain_unlock_height: number;
  };
  fungible_tokens: Record<string, { balance: string }>;
  non_fungible_tokens: Record<string, { count: string }>;
  token_offering_locked?: { unlock_schedule: { amount: string; block_height: number }[] };
}

interface HistoryPage {
  total: number;
  results: {
    tx: { block_height: number };
    nft_transfers: {
      asset_identifier: string;
      value: { repr: string };
      sender?: string | null;
      recipient?: string | null;
    }[];
  }[];
}

/** What the export reads of /_mock/world; a real service has none of it. */
type WorldOrigin = Pick<WorldCatalogue, 'network' | 'seed' | 'blocks'>;

type Fetch = (url: string) => Promise<Response>;

/** A PoX reward cycle's length in burn blocks, as the mock's networks have it. */
const CYCLE_LENGTH = { mainnet: 2100, testnet: 1050 } as const;

/**
 * A world file that declares these addresses with what a running mock answers for them now: STX
 * balance, locked STX (re-stacked at the lock height), vesting, FT balances and the NFT ids they
 * hold. Started with that file, a mock answers the same balances for them.
 */
export async function exportWorld(
  from: string,
  addresses: readonly string[],
  fetchFn: Fetch = fetch,
): Promise<string> {
  const base = from.replace(/\/+$/, '');
  const get = async <T>(path: string): Promise<T> => {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`);
    } catch (err) {
      throw new ExportError(`cannot reach ${base}: ${(err as Error).message}`);
    }
    if (!res.ok) throw new ExportError(`GET ${base}${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const world = await get<WorldOrigin>('/_mock/world');
  const accounts: Record<string, Record<string, unknown>> = {};
  const tokens = new Map<
    string,
    { contract: string; token: string; kind: 'ft' | 'nft'; holders: Record<string, unknown> }
  >();
  const transactions: Record<string, unknown>[] = [];
  const holders = (asset: string, kind: 'ft' | 'nft'): Record<string, unknown> => {
    const [contract = '', token = ''] = asset.split('::');
    let entry = tokens.get(asset);
    if (!entry) tokens.set(asset, (entry = { contract, token, kind, holders: {} }));
    return entry.holders;
  };
  for (const [i, address] of addresses.entries()) {
    if (address.includes('.')) throw new ExportError(`${address} is a contract; export standard addresses`);
    const name = `account${i + 1}`;
    const b = await get<Balances>(urlFor('get_account_balance', { path: { principal: address } }));
    const account: Record<string, unknown> = { address, stx: b.stx.balance };
    const schedule = b.token_offering_locked?.unlock_schedule ?? [];
    if (schedule.length > 0)
      account.vesting = schedule.map((e) => ({ height: e.block_height, amount: e.amount }));
    accounts[name] = account;
    if (b.stx.locked !== '0') {
      const cycleStart =
        b.stx.burnchain_lock_height - (b.stx.burnchain_lock_height % CYCLE_LENGTH[world.network]);
      const cycles =
        Math.round((b.stx.burnchain_unlock_height - cycleStart) / CYCLE_LENGTH[world.network]) - 1;
      transactions.push({
        height: b.stx.lock_height,
        type: 'stack_stx',
        sender: name,
        amount: b.stx.locked,
        cycles,
        fee: '0',
      });
    }
    for (const [asset, ft] of Object.entries(b.fungible_tokens))
      if (ft.balance !== '0') holders(asset, 'ft')[name] = ft.balance;
    const nfts = Object.entries(b.non_fungible_tokens).filter(([, n]) => n.count !== '0');
    if (nfts.length > 0) {
      const owned = await nftIds(get, address);
      for (const [asset, n] of nfts) {
        const held = [...(owned.get(asset) ?? [])];
        // BNS's names (tuple-valued ids) are no token a world file declares: its `names` are.
        if (held.some((id) => !Number.isInteger(id))) continue;
        const ids = held.sort((x, y) => x - y);
        if (ids.length !== Number(n.count))
          throw new ExportError(
            `${address} holds ${n.count} of ${asset} but its history shows ${ids.length}`,
          );
        holders(asset, 'nft')[name] = ids;
      }
    }
  }
  const file = {
    network: world.network,
    seed: world.seed,
    blocks: world.blocks,
    accounts,
    ...(tokens.size > 0 && {
      tokens: [...tokens.values()].map(({ contract, token, kind, holders: h }) => ({
        contract,
        token,
        kind,
        holders: h,
      })),
    }),
    ...(transactions.length > 0 && { transactions }),
  };
  const header = `# Exported from ${base} (${world.network}, seed ${world.seed}, ${world.blocks} blocks): ${addresses.join(', ')}\n`;
  return header + stringify(file, { lineWidth: 0 });
}

/** The NFT ids an address holds now, replayed from its whole history, oldest first. */
async function nftIds(
  get: <T>(path: string) => Promise<T>,
  address: string,
): Promise<Map<string, Set<number>>> {
  const rows: HistoryPage['results'] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await get<HistoryPage>(
      urlFor('get_account_transactions_with_transfers', {
        path: { principal: address },
        query: { limit: 50, offset },
      }),
    );
    rows.push(...page.results);
    if (offset + 50 >= page.total) break;
  }
  const owned = new Map<string, Set<number>>();
  for (const row of rows.reverse()) {
    // Within a transaction the transfers come latest first.
    for (const t of [...row.nft_transfers].reverse()) {
      const id = Number(t.value.repr.replace(/^u/, ''));
      let ids = owned.get(t.asset_identifier);
      if (!ids) owned.set(t.asset_identifier, (ids = new Set()));
      if (t.recipient === address) ids.add(id);
      if (t.sender === address) ids.delete(id);
    }
  }
  return owned;
}
