import { singleAnswers } from '../checks/meaning-check.ts';
import type { ContractClient } from '../http/client.ts';
import type { ExchangeLog } from '../report/exchange-log.ts';
import {
  ADDRESS_ROLES,
  type AddressRole,
  type AddressTransaction,
  type EventKind,
  type TargetFile,
} from './target-file.ts';

export interface BlockRef {
  height: number;
  hash: string;
  index_block_hash: string;
}

/** The target file with what was missing filled in from the API where it allows. */
export interface TargetData {
  addresses: NonNullable<TargetFile['addresses']>;
  txByType: Record<string, string[]>;
  txByStatus: Record<string, string[]>;
  mempool: string[];
  addressTransactions: AddressTransaction[];
  unrelated?: { address: string; tx_id: string };
  blocks: BlockRef[];
  network?: 'mainnet' | 'testnet';
  /** The target file says the target is a mock: requests that change its chain may be sent. */
  mock: boolean;
  /** The target file says no stacks-node answers behind the target (`stacksNode: false`). */
  noStacksNode: boolean;
  /** A fungible token the `ft_activity` address holds (its asset identifier), from its balances. */
  ftAsset?: string;
  /** A PoX reward cycle the target lists: the newest with signers, else the newest. */
  poxCycle?: number;
  /** The signing key of a signer of `poxCycle`. */
  poxSigner?: string;
  /** A Bitcoin address the burn chain paid: the newest reward's recipient. */
  rewardRecipient?: string;
  /** A BNS name one of the known addresses owns, and that address. */
  bnsName?: { name: string; owner: string };
}

type Json = Record<string, unknown>;
function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function list(v: unknown): Json[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** Histories read while looking (limit 50 each) and balances probed: discovery's whole cost, on top of two blocks. */
const MAX_HISTORIES = 8;
const MAX_BALANCES = 8;
/** Addresses whose BNS names discovery asks for, at most: the target file's, then the histories'. */
const MAX_NAME_LOOKUPS = 12;
/** A history the pagination walk can cover in a few pages, and no more than it may read. */
const MIN_PAGINATED = 3;
const MAX_PAGINATED = 500;

const STANDARD = /^S[PMTN][0-9A-Z]{26,40}$/;
const CONTRACT = /^S[PMTN][0-9A-Z]{26,40}\.[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;

type Found = (entry: string, value: string, how: string) => void;

function blockRef(body: unknown): BlockRef | undefined {
  if (!isRecord(body)) return undefined;
  const { height, hash, index_block_hash } = body;
  return typeof height === 'number' && typeof hash === 'string' && typeof index_block_hash === 'string'
    ? { height, hash, index_block_hash }
    : undefined;
}

function kindsOf(item: Json): EventKind[] {
  return (['stx', 'ft', 'nft'] as const).filter((k) => list(item[`${k}_transfers`]).length > 0);
}
/** Each transfer of the address in an item is one of its events in the transaction. */
function transferCount(item: Json): number {
  return kindsOf(item).reduce((n, k) => n + list(item[`${k}_transfers`]).length, 0);
}

/** Principals an item of a history names: its sender, recipient, called contract and transfer parties. */
function partiesOf(item: Json): string[] {
  const tx = isRecord(item.tx) ? item.tx : {};
  const named = [
    tx.sender_address,
    isRecord(tx.token_transfer) ? tx.token_transfer.recipient_address : undefined,
    isRecord(tx.contract_call) ? tx.contract_call.contract_id : undefined,
    ...(['stx', 'ft', 'nft'] as const).flatMap((k) =>
      list(item[`${k}_transfers`]).flatMap((t) => [t.sender, t.recipient]),
    ),
  ];
  return named.filter((p): p is string => typeof p === 'string' && (STANDARD.test(p) || CONTRACT.test(p)));
}

/**
 * Looks through the target's own answers for what the file leaves out: from each known
 * principal's history (and the principals those histories name, breadth first) the roles of
 * `addresses` (STX, FT, NFT activity, a contract), transaction ids per type, address
 * transactions per kind of event and one with several events, a history long enough to page
 * through; then balances of the principals seen, for STX locked by stacking and a vesting
 * schedule; and a transaction that does not concern an address.
 */
class Discovery {
  private readonly frontier: string[] = [];
  private readonly queued = new Set<string>();
  private readonly histories = new Map<string, { total: number; items: Json[] }>();

  constructor(
    private readonly data: TargetData,
    private readonly client: ContractClient,
    private readonly found: Found,
  ) {
    for (const p of [...ADDRESS_ROLES.map((r) => data.addresses[r]), ...(data.addresses.fullHistory ?? [])])
      this.enqueue(p);
  }

  private enqueue(p: string | undefined): void {
    if (p && !this.queued.has(p)) {
      this.queued.add(p);
      this.frontier.push(p);
    }
  }

  private setRole(role: AddressRole | 'paginated', value: string, how: string): void {
    if (this.data.addresses[role]) return;
    this.data.addresses[role] = value;
    this.found(`addresses.${role}`, value, how);
  }

  private missing(): boolean {
    const a = this.data.addresses;
    const kinds = new Set(this.data.addressTransactions.flatMap((p) => p.events ?? []));
    return (
      !a.stx_activity ||
      !a.ft_activity ||
      !a.nft_activity ||
      !a.contract_principal ||
      !a.paginated ||
      Object.keys(this.data.txByType).length === 0 ||
      (['stx', 'ft', 'nft'] as const).some((k) => !kinds.has(k)) ||
      !this.data.addressTransactions.some((p) => (p.eventCount ?? 0) >= 2)
    );
  }

  async readHistories(): Promise<void> {
    while (this.frontier.length > 0 && this.histories.size < MAX_HISTORIES && this.missing()) {
      const principal = this.frontier.shift() as string;
      const res = await this.client.call('get_account_transactions_with_transfers', {
        path: { principal },
        query: { limit: '50' },
      });
      if (res.status !== 200 || !isRecord(res.body)) continue;
      const items = list(res.body.results);
      const total = typeof res.body.total === 'number' ? res.body.total : items.length;
      this.histories.set(principal, { total, items });
      this.learn(principal, items, total, `GET ${res.target}`);
    }
  }

  private learn(principal: string, items: Json[], total: number, how: string): void {
    const d = this.data;
    for (const item of items) {
      const tx = isRecord(item.tx) ? item.tx : {};
      const txId = tx.tx_id;
      if (typeof txId !== 'string' || tx.is_unanchored === true) continue;
      if (typeof tx.tx_type === 'string' && !d.txByType[tx.tx_type]?.length) {
        d.txByType[tx.tx_type] = [txId];
        this.found(`transactions.byType.${tx.tx_type}`, txId, how);
      }
      const kinds = kindsOf(item);
      const roles: Record<EventKind, AddressRole> = {
        stx: 'stx_activity',
        ft: 'ft_activity',
        nft: 'nft_activity',
      };
      if (STANDARD.test(principal)) for (const k of kinds) this.setRole(roles[k], principal, how);
      if (isRecord(tx.contract_call) && typeof tx.contract_call.contract_id === 'string')
        this.setRole('contract_principal', tx.contract_call.contract_id, `${how} (a contract it called)`);
      const covered = new Set(d.addressTransactions.flatMap((p) => p.events ?? []));
      const rich = transferCount(item) >= 2 && !d.addressTransactions.some((p) => (p.eventCount ?? 0) >= 2);
      // The pair is asked of operation 8 too, which answers only where the principal shows outside ft/nft events.
      if ((kinds.some((k) => !covered.has(k)) || rich) && singleAnswers(item, principal)) {
        d.addressTransactions.push({
          address: principal,
          tx_id: txId,
          events: kinds,
          eventCount: transferCount(item),
        });
        this.found(
          'addressTransactions',
          `${principal} ${txId} (${kinds.join(', ')}; ${transferCount(item)} events)`,
          how,
        );
      }
      for (const p of partiesOf(item)) this.enqueue(p);
    }
    if (total >= MIN_PAGINATED && total <= MAX_PAGINATED)
      this.setRole('paginated', principal, `${how} (${total} transactions)`);
  }

  /** Balances of the principals seen, for the roles only a balance shows. */
  async balances(): Promise<void> {
    const a = this.data.addresses;
    const wanted = (): boolean => !a.locked_stx || !a.vesting || !a.ft_activity || !a.nft_activity;
    const candidates = [...this.queued].filter((p) => STANDARD.test(p)).slice(0, MAX_BALANCES);
    for (const principal of candidates) {
      if (!wanted()) return;
      const res = await this.client.call('get_account_balance', { path: { principal } });
      if (res.status !== 200 || !isRecord(res.body)) continue;
      const how = `GET ${res.target}`;
      const stx = isRecord(res.body.stx) ? res.body.stx : {};
      if (typeof stx.locked === 'string' && /^[1-9]\d*$/.test(stx.locked))
        this.setRole('locked_stx', principal, how);
      if (isRecord(res.body.token_offering_locked)) this.setRole('vesting', principal, how);
      if (Object.keys(isRecord(res.body.fungible_tokens) ? res.body.fungible_tokens : {}).length)
        this.setRole('ft_activity', principal, how);
      if (Object.keys(isRecord(res.body.non_fungible_tokens) ? res.body.non_fungible_tokens : {}).length)
        this.setRole('nft_activity', principal, how);
    }
  }

  /** An asset the FT-active address holds: the first of its balances' fungible tokens above zero. */
  async ftAsset(): Promise<void> {
    const principal = this.data.addresses.ft_activity;
    if (this.data.ftAsset || !principal) return;
    const res = await this.client.call('get_account_balance', { path: { principal } });
    const tokens = isRecord(res.body) && isRecord(res.body.fungible_tokens) ? res.body.fungible_tokens : {};
    const held = Object.entries(tokens).find(([, t]) => isRecord(t) && /^[1-9]\d*$/.test(String(t.balance)));
    if (!held) return;
    this.data.ftAsset = held[0];
    this.found('ftAsset', held[0], `GET ${res.target}`);
  }

  /** A reward cycle from the target's list: the newest with signers, else the newest. */
  async poxCycle(): Promise<void> {
    const res = await this.client.call('get_pox_cycles', { query: { limit: '60' } });
    const cycles = list(isRecord(res.body) ? res.body.results : undefined);
    const cycle = cycles.find((c) => typeof c.total_signers === 'number' && c.total_signers > 0) ?? cycles[0];
    if (typeof cycle?.cycle_number !== 'number') return;
    this.data.poxCycle = cycle.cycle_number;
    this.found('poxCycle', String(cycle.cycle_number), `GET ${res.target}`);
    const signers = await this.client.call('get_pox_cycle_signers', {
      path: { cycle_number: String(cycle.cycle_number) },
      query: { limit: '1' },
    });
    const [signer] = list(isRecord(signers.body) ? signers.body.results : undefined);
    if (typeof signer?.signing_key !== 'string') return;
    this.data.poxSigner = signer.signing_key;
    this.found('poxSigner', signer.signing_key, `GET ${signers.target}`);
  }

  /** The recipient of the newest burn chain reward the target lists. */
  async rewardRecipient(): Promise<void> {
    const res = await this.client.call('get_burnchain_reward_list', { query: { limit: '1' } });
    const [reward] = list(isRecord(res.body) ? res.body.results : undefined);
    if (typeof reward?.reward_recipient !== 'string') return;
    this.data.rewardRecipient = reward.reward_recipient;
    this.found('rewardRecipient', reward.reward_recipient, `GET ${res.target}`);
  }

  /** A BNS name owned by an address discovery knows: the target file's, then the histories' parties. */
  async bnsName(): Promise<void> {
    const known = [...Object.values(this.data.addresses).flat(), ...this.histories.keys()];
    const addresses = [
      ...new Set(known.filter((a): a is string => typeof a === 'string' && !a.includes('.'))),
    ];
    for (const address of addresses.slice(0, MAX_NAME_LOOKUPS)) {
      const res = await this.client.call('get_names_owned_by_address', {
        path: { blockchain: 'stacks', address },
      });
      const names = isRecord(res.body) && Array.isArray(res.body.names) ? res.body.names : [];
      const [name] = names.filter((n): n is string => typeof n === 'string' && n.split('.').length === 2);
      if (name === undefined) continue;
      this.data.bnsName = { name, owner: address };
      this.found('bnsName', `${name} (${address})`, `GET ${res.target}`);
      return;
    }
  }

  /** A mined transaction of one history that another principal's history does not list: it does not concern that principal. */
  async unrelated(): Promise<void> {
    if (this.data.unrelated) return;
    const seen = [...this.histories.entries()].filter(([, h]) => h.total > 0 && h.total <= 50);
    for (const [address, own] of seen) {
      const ids = new Set(own.items.map((i) => (isRecord(i.tx) ? i.tx.tx_id : undefined)));
      for (const [other, h] of this.histories) {
        if (other === address) continue;
        const item = h.items.find((i) => {
          const tx = isRecord(i.tx) ? i.tx : {};
          return !ids.has(tx.tx_id) && tx.is_unanchored !== true && !partiesOf(i).includes(address);
        });
        const txId = isRecord(item?.tx) ? item.tx.tx_id : undefined;
        if (typeof txId !== 'string') continue;
        this.data.unrelated = { address, tx_id: txId };
        this.found(
          'unrelatedTransaction',
          `${address} ${txId}`,
          `absent from ${address}'s whole history, listed in ${other}'s`,
        );
        return;
      }
    }
  }
}

/**
 * Fills in blocks, address roles, transaction ids by type, address transactions (one per kind of
 * event, and one with several events), a history to page through and a transaction unrelated to
 * an address from the API when the target file does not list them, and logs each discovery for
 * the summary. What the target's answers do not show (mempool ids, full histories) stays missing
 * and the tests needing it skip, naming the target-file field that supplies it.
 */
export async function discoverTargetData(
  file: TargetFile,
  client: ContractClient,
  log: ExchangeLog,
): Promise<TargetData> {
  const data: TargetData = {
    addresses: { ...file.addresses },
    txByType: { ...file.transactions?.byType },
    txByStatus: { ...file.transactions?.byStatus },
    mempool: [...(file.mempool ?? [])],
    addressTransactions: [...(file.addressTransactions ?? [])],
    ...(file.unrelatedTransaction ? { unrelated: file.unrelatedTransaction } : {}),
    blocks: [...(file.blocks ?? [])],
    ...(file.network ? { network: file.network } : {}),
    mock: file.mock === true,
    noStacksNode: file.stacksNode === false,
  };
  const found: Found = (entry, value, how) => log.write({ kind: 'discovery', entry, value, how });

  if (data.blocks.length === 0) {
    const latest = blockRef((await client.call('get_block', { path: { height_or_hash: 'latest' } })).body);
    if (latest) {
      data.blocks.push(latest);
      found('blocks', `height ${latest.height}`, 'GET /extended/v2/blocks/latest');
      if (latest.height > 1) {
        const below = blockRef(
          (await client.call('get_block', { path: { height_or_hash: String(latest.height - 1) } })).body,
        );
        if (below) {
          data.blocks.push(below);
          found('blocks', `height ${below.height}`, `GET /extended/v2/blocks/${latest.height - 1}`);
        }
      }
    }
  }
  const discovery = new Discovery(data, client, found);
  await discovery.readHistories();
  await discovery.balances();
  await discovery.unrelated();
  await discovery.ftAsset();
  await discovery.poxCycle();
  await discovery.rewardRecipient();
  await discovery.bnsName();
  return data;
}
