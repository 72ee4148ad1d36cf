import type { ContractClient } from '../http/client.ts';
import type { ExchangeLog } from '../report/exchange-log.ts';
import type { AddressTransaction, EventKind, TargetFile } from './target-file.ts';

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
}

interface TransferItem {
  tx?: { tx_id?: unknown; tx_type?: unknown };
  stx_transfers?: unknown[];
  ft_transfers?: unknown[];
  nft_transfers?: unknown[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function blockRef(body: unknown): BlockRef | undefined {
  if (!isRecord(body)) return undefined;
  const { height, hash, index_block_hash } = body;
  return typeof height === 'number' && typeof hash === 'string' && typeof index_block_hash === 'string'
    ? { height, hash, index_block_hash }
    : undefined;
}

function kindsOf(item: TransferItem): EventKind[] {
  const kinds: EventKind[] = [];
  if (item.stx_transfers?.length) kinds.push('stx');
  if (item.ft_transfers?.length) kinds.push('ft');
  if (item.nft_transfers?.length) kinds.push('nft');
  return kinds;
}

type Found = (entry: string, value: string, how: string) => void;

/** Each transfer of the address in an item is one of its events in the transaction. */
function transferCount(item: TransferItem): number {
  return (
    (item.stx_transfers?.length ?? 0) + (item.ft_transfers?.length ?? 0) + (item.nft_transfers?.length ?? 0)
  );
}

/**
 * From the first page of each notable address's transactions: a transaction id per type, an
 * address transaction per kind of event, and the one with the most events (the events
 * pagination walk wants two or more).
 */
async function discoverFromHistories(data: TargetData, client: ContractClient, found: Found): Promise<void> {
  const wantsKinds = (['stx', 'ft', 'nft'] as const).filter(
    (k) => !data.addressTransactions.some((p) => p.events?.includes(k)),
  );
  const needTypes = Object.keys(data.txByType).length === 0;
  let richest: { address: string; item: TransferItem; how: string } | undefined;
  const needsRich = !data.addressTransactions.some((p) => (p.eventCount ?? 0) >= 2);
  const sources = [
    data.addresses.stx_activity,
    data.addresses.ft_activity,
    data.addresses.nft_activity,
  ].filter((a): a is string => a !== undefined);
  for (const address of [...new Set(sources)]) {
    if (!needTypes && wantsKinds.length === 0 && !needsRich) break;
    const res = await client.call('get_account_transactions_with_transfers', {
      path: { principal: address },
      query: { limit: '50' },
    });
    const results =
      isRecord(res.body) && Array.isArray(res.body.results) ? (res.body.results as TransferItem[]) : [];
    const how = `GET ${res.url}`;
    for (const item of results) {
      const txId = item.tx?.tx_id;
      const type = item.tx?.tx_type;
      if (typeof txId !== 'string') continue;
      if (needTypes && typeof type === 'string' && !data.txByType[type]?.length) {
        data.txByType[type] = [txId];
        found(`transactions.byType.${type}`, txId, how);
      }
      const kinds = kindsOf(item);
      const covers = wantsKinds.filter((k) => kinds.includes(k));
      if (covers.length > 0) {
        data.addressTransactions.push({
          address,
          tx_id: txId,
          events: kinds,
          eventCount: transferCount(item),
        });
        for (const k of covers) wantsKinds.splice(wantsKinds.indexOf(k), 1);
        found('addressTransactions', `${address} ${txId} (${kinds.join(', ')})`, how);
      }
      if (
        needsRich &&
        transferCount(item) >= 2 &&
        transferCount(item) > (richest ? transferCount(richest.item) : 0)
      )
        richest = { address, item, how };
    }
  }
  const rich = richest;
  if (
    rich &&
    !data.addressTransactions.some((p) => p.tx_id === rich.item.tx?.tx_id && p.address === rich.address)
  ) {
    const txId = String(rich.item.tx?.tx_id);
    data.addressTransactions.push({
      address: rich.address,
      tx_id: txId,
      events: kindsOf(rich.item),
      eventCount: transferCount(rich.item),
    });
    found('addressTransactions', `${rich.address} ${txId} (${transferCount(rich.item)} events)`, rich.how);
  }
}

/**
 * Fills in blocks, transaction ids by type and address transactions from the API when the target
 * file does not list them, and logs each discovery for the summary. What cannot be discovered
 * (addresses, mempool ids, full histories) stays missing and the tests needing it skip.
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

  await discoverFromHistories(data, client, found);

  if (!data.addresses.paginated && data.addresses.stx_activity) {
    data.addresses.paginated = data.addresses.stx_activity;
    found(
      'addresses.paginated',
      data.addresses.stx_activity,
      'addresses.stx_activity (the walk skips if its history is too long)',
    );
  }
  return data;
}
