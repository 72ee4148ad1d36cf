import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { attachmentOf } from '../world/derive/bns-prints.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { clarityTxOf, contractAt, type Chain } from '../world/tables/chain.ts';
import { ContractKind, EventKind, Status } from '../world/tables/kinds.ts';

/** One attachment as a stacks-node hands it to its observers (`POST /attachments/new`). */
export interface AttachmentMessage {
  readonly attachment_index: number;
  readonly index_block_hash: string;
  readonly block_height: number;
  /** `0x` and the zone file's hash160. */
  readonly content_hash: string;
  readonly contract_id: string;
  /** The print's metadata tuple, serialized. */
  readonly metadata: string;
  readonly tx_id: string;
  /** The zone file's bytes, `0x`-hex. */
  readonly content: string;
}

/**
 * The attachments of block `height`: the zone file of each BNS name operation it mined whose
 * zone file the world holds (an owner publishes it beside its registration; a node's attachment
 * service hands it on once the block is in). The real service keeps a name's zone file only from
 * these (its `/attachments/new`), matched to the name by transaction, block and hash.
 */
export function attachmentsOf(chain: Chain, height: number): AttachmentMessage[] {
  const t = chain.txs;
  const first = chain.blocks.firstTx[height - 1] as number;
  const end = height < chain.blocks.count ? (chain.blocks.firstTx[height] as number) : chain.anchoredCount;
  const out: AttachmentMessage[] = [];
  for (let tx = first; tx < end; tx++) {
    const entry = clarityTxOf(chain, t, tx);
    if (!entry || entry.outcome?.status !== Status.Success) continue;
    const contract = contractAt(chain, t.contract[tx] as number);
    if (contract.kind !== ContractKind.Bns) continue;
    for (const event of entry.outcome.events) {
      const print = event.kind === EventKind.Log && event.value ? attachmentOf(event.value.hex) : undefined;
      const zonefile = print && chain.zonefiles[print.hash];
      if (!print || zonefile === undefined) continue;
      out.push({
        attachment_index: print.attachmentIndex,
        index_block_hash: chain.blocks.hex(BlockKey.IndexHash, height - 1),
        block_height: height,
        content_hash: `0x${print.hash}`,
        contract_id: contract.id,
        metadata: print.metadataHex,
        tx_id: t.idHex(tx),
        content: `0x${bytesToHex(utf8ToBytes(zonefile))}`,
      });
    }
  }
  return out;
}
